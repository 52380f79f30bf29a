/** The free concurrency slots, each with the moment it became free, earliest first (a ring of `size`). */
export class FreeSlots {
  private readonly freedMs: Float64Array;
  private head = 0;
  count: number;

  constructor(private readonly size: number) {
    this.freedMs = new Float64Array(size).fill(Number.NEGATIVE_INFINITY);
    this.count = size;
  }

  /** When the longest-free slot became free (-Infinity: free since the start); undefined when none is free. */
  peek(): number | undefined {
    return this.count === 0 ? undefined : this.freedMs[this.head];
  }

  take(): number {
    const freedMs = this.freedMs[this.head] as number;
    this.head = (this.head + 1) % this.size;
    this.count--;
    return freedMs;
  }

  free(atMs: number): void {
    this.freedMs[(this.head + this.count) % this.size] = atMs;
    this.count++;
  }
}
