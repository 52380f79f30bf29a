/** Reads per clock value: completions handled in one synchronous run share a reading this many times at most. */
export const READS_PER_TICK = 16;

/**
 * Bun.nanoseconds() shared by up to READS_PER_TICK callers in one synchronous run (a delivered batch), and never
 * across event-loop turns: a microtask drops the reading. A completion's time is then at most 15 completions'
 * processing (microseconds) early; reading the clock per message cost ~10% of the harness's CPU.
 */
export class CoarseClock {
  private readingNs = -1;
  private reads = 0;
  private readonly forget = () => {
    this.readingNs = -1;
  };

  nowNs(): number {
    if (this.readingNs < 0) queueMicrotask(this.forget);
    else if (++this.reads < READS_PER_TICK) return this.readingNs;
    this.reads = 0;
    this.readingNs = Bun.nanoseconds();
    return this.readingNs;
  }
}
