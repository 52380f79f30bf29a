import type { Operation } from "./operation.ts";

/** Operations in send order; as every one has the same timeout, the oldest unsettled one times out first. */
export class TimeoutQueue {
  private queue: Operation[] = [];
  private head = 0;

  constructor(private readonly timeoutMs: number) {}

  push(operation: Operation): void {
    this.queue.push(operation);
  }

  /** Times out every unsettled operation sent timeoutMs or more before nowMs; drops settled ones from the front. */
  sweep(nowMs: number, timeOut: (operation: Operation, nowMs: number) => void): void {
    while (this.head < this.queue.length) {
      const operation = this.queue[this.head] as Operation;
      if (!operation.settled) {
        if (nowMs - operation.sentMs < this.timeoutMs) break;
        timeOut(operation, nowMs);
      }
      this.head++;
    }
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  /** When the oldest unsettled operation times out, if any is in flight. */
  nextDeadlineMs(): number | undefined {
    for (let i = this.head; i < this.queue.length; i++) {
      const operation = this.queue[i] as Operation;
      if (!operation.settled) return operation.sentMs + this.timeoutMs;
    }
    return undefined;
  }
}
