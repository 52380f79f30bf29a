import { Deque } from "./deque.ts";
import type { Message } from "./message.ts";

/**
 * Ordered delivery per key: a key is busy while one of its messages is queued or outstanding; later messages
 * of that key wait here until the busy one is acked (or dead-lettered). Idle keys are forgotten (no leak).
 */
export class OrderingGate {
  private readonly keys = new Map<string, Deque<Message> | null>();

  /** True if `m` may be made deliverable now; otherwise it is held behind its key. */
  admit(m: Message): boolean {
    const key = m.orderingKey;
    const waiting = this.keys.get(key);
    if (waiting === undefined) {
      this.keys.set(key, null);
      return true;
    }
    if (waiting === null) {
      const q = new Deque<Message>();
      q.push(m);
      this.keys.set(key, q);
    } else waiting.push(m);
    return false;
  }

  /** The key's head finished; returns the next message of the key to make deliverable, if any. */
  release(key: string): Message | undefined {
    const waiting = this.keys.get(key);
    const next = waiting?.shift();
    if (next === undefined) this.keys.delete(key);
    return next;
  }

  /** Number of keys currently busy. */
  get busyKeys(): number {
    return this.keys.size;
  }

  /** Every held message (subscription deletion). */
  clear(): Message[] {
    const held: Message[] = [];
    for (const q of this.keys.values()) while (q !== null && q.length > 0) held.push(q.shift() as Message);
    this.keys.clear();
    return held;
  }
}
