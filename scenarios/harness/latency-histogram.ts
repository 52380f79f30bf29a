import * as hdr from "hdr-histogram-js";
import type { LatencyPercentiles } from "../../contract/result.ts";

const NANOS_PER_MICRO = 1_000;
const MICROS_PER_MS = 1_000;

/** HDR histogram of latencies recorded in nanoseconds, stored at microsecond precision. */
export class LatencyHistogram {
  private readonly histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
    autoResize: true,
  });

  recordNanos(latencyNanos: number): void {
    this.histogram.recordValue(Math.max(1, Math.round(latencyNanos / NANOS_PER_MICRO)));
  }

  get count(): number {
    return this.histogram.totalCount;
  }

  /** Percentile in ms (0 when empty). */
  percentileMs(percentile: number): number {
    return this.count === 0 ? 0 : this.histogram.getValueAtPercentile(percentile) / MICROS_PER_MS;
  }

  toPercentiles(): LatencyPercentiles {
    return {
      count: this.count,
      p50Ms: this.percentileMs(50),
      p90Ms: this.percentileMs(90),
      p95Ms: this.percentileMs(95),
      p99Ms: this.percentileMs(99),
      p999Ms: this.percentileMs(99.9),
      maxMs: this.count === 0 ? 0 : this.histogram.maxValue / MICROS_PER_MS,
    };
  }

  /** Adds another histogram's samples to this one. */
  add(other: LatencyHistogram): void {
    this.histogram.add(other.histogram);
  }
}
