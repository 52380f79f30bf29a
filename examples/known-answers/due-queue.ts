/** Granularity of completion wake-ups: completions due within it are released in one timer turn. */
export const DEFAULT_TICK_MS = 2;

interface Pending {
  intendedNs: number;
  dueNs: number;
}

/**
 * Operations that complete at a known future instant (their due times never decrease), released by a timer that
 * sleeps until the head is due: no CPU while waiting, so the ceiling comes from the schedule, not from the quota.
 */
export class DueQueue {
  private readonly items: Pending[] = [];
  private head = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly complete: (intendedNs: number) => void,
    private readonly tickMs = DEFAULT_TICK_MS,
  ) {}

  get size(): number {
    return this.items.length - this.head;
  }

  push(intendedNs: number, dueNs: number): void {
    this.items.push({ intendedNs, dueNs });
    if (this.timer === null) this.arm();
  }

  private arm(): void {
    const next = this.items[this.head];
    if (next === undefined) return;
    const waitMs = (next.dueNs - Bun.nanoseconds()) / 1e6;
    this.timer = setTimeout(() => this.release(), Math.max(this.tickMs, Math.ceil(waitMs)));
  }

  private release(): void {
    this.timer = null;
    const now = Bun.nanoseconds();
    for (
      let next = this.items[this.head];
      next !== undefined && next.dueNs <= now;
      next = this.items[this.head]
    ) {
      this.head++;
      this.complete(next.intendedNs);
    }
    // Drop released entries now and then so the array does not grow for the whole run.
    if (this.head > 4096 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
    this.arm();
  }

  /** Waits until every pending operation completed. */
  async drain(): Promise<void> {
    while (this.size > 0) await Bun.sleep(this.tickMs);
  }
}
