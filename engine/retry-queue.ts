import { type Clock, setBackgroundTimeout } from "./clock.ts";
import type { Message } from "./message.ts";
import { MinHeap } from "./min-heap.ts";

/** Messages waiting out their retry backoff; one timer armed for the earliest due time. */
export class RetryQueue {
  private readonly heap = new MinHeap<Message>((m) => m.availableAtMs);
  private timer: unknown = null;
  private timerDueMs = Number.POSITIVE_INFINITY;

  constructor(
    private readonly clock: Clock,
    private readonly onDue: (m: Message) => void,
  ) {}

  get length(): number {
    return this.heap.length;
  }

  add(m: Message, delayMs: number): void {
    m.availableAtMs = this.clock.now() + delayMs;
    this.heap.push(m);
    if (m.availableAtMs < this.timerDueMs) this.arm(m.availableAtMs);
  }

  private arm(dueMs: number): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timerDueMs = dueMs;
    this.timer = setBackgroundTimeout(this.clock, this.fire, Math.max(0, dueMs - this.clock.now()));
  }

  private readonly fire = (): void => {
    this.timer = null;
    this.timerDueMs = Number.POSITIVE_INFINITY;
    const now = this.clock.now();
    for (let top = this.heap.peek(); top !== undefined && top.availableAtMs <= now; top = this.heap.peek()) {
      this.heap.pop();
      this.onDue(top);
    }
    const next = this.heap.peek();
    if (next !== undefined) this.arm(next.availableAtMs);
  };

  /** Drops everything (subscription deleted). */
  clear(): Message[] {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.timerDueMs = Number.POSITIVE_INFINITY;
    return this.heap.drainAll();
  }
}
