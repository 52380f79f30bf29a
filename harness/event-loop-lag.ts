import { LatencyHistogram } from "../contract/latency-histogram.ts";

/** How often the lag timer fires; short enough to catch GC pauses, cheap enough to be negligible. */
export const LAG_INTERVAL_MS = 10;

/** Records how late a periodic timer fires: a saturated event loop shows here first. */
export class EventLoopLagMonitor {
  readonly histogram = new LatencyHistogram();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private expectedNs = 0;

  start(): void {
    this.expectedNs = Bun.nanoseconds() + LAG_INTERVAL_MS * 1e6;
    this.timer = setTimeout(() => this.tick(), LAG_INTERVAL_MS);
    this.timer.unref();
  }

  private tick(): void {
    const now = Bun.nanoseconds();
    this.histogram.recordNanos(Math.max(0, now - this.expectedNs));
    this.expectedNs = now + LAG_INTERVAL_MS * 1e6;
    this.timer = setTimeout(() => this.tick(), LAG_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): { p50Ms: number; p99Ms: number; maxMs: number } {
    clearTimeout(this.timer);
    const lag = this.histogram.toPercentiles();
    return { p50Ms: lag.p50Ms, p99Ms: lag.p99Ms, maxMs: lag.maxMs };
  }
}
