import type { Message } from "./message.ts";

/** Outstanding (delivered, not yet acked) messages as an intrusive doubly-linked list: O(1), no allocation. */
export class LeaseList {
  head: Message | null = null;
  private tail: Message | null = null;
  count = 0;

  add(m: Message): void {
    m.prev = this.tail;
    m.next = null;
    if (this.tail === null) this.head = m;
    else this.tail.next = m;
    this.tail = m;
    this.count++;
  }

  remove(m: Message): void {
    const prev = m.prev;
    const next = m.next;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    m.prev = null;
    m.next = null;
    this.count--;
  }
}
