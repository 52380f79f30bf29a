import * as hdr from "hdr-histogram-js";
import type { LatencyPercentiles } from "../../contract/result.ts";

/** Microseconds, 1 us to an hour, 3 significant digits (as the in-container harness). */
export type Histogram = hdr.Histogram;
const HIGHEST_US = 3_600_000_000;

export function newHistogram(): Histogram {
  return hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_US,
    numberOfSignificantValueDigits: 3,
  });
}

/** Records a duration in ms (clamped to the histogram's range: a negative clock step is 0). */
export function recordMs(histogram: Histogram, ms: number): void {
  histogram.recordValue(Math.min(HIGHEST_US, Math.max(0, Math.round(ms * 1000))));
}

export const encodeHistogram = (histogram: Histogram): string => hdr.encodeIntoCompressedBase64(histogram);

/** The sum of encoded histograms (one per worker). */
export function mergeHistograms(encoded: readonly string[]): Histogram {
  const total = newHistogram();
  for (const one of encoded) total.add(hdr.decodeFromCompressedBase64(one));
  return total;
}

export const percentileMs = (histogram: Histogram, percentile: number): number =>
  histogram.totalCount === 0 ? 0 : histogram.getValueAtPercentile(percentile) / 1000;

export function latencyPercentiles(histogram: Histogram): LatencyPercentiles {
  return {
    count: histogram.totalCount,
    p50Ms: percentileMs(histogram, 50),
    p90Ms: percentileMs(histogram, 90),
    p95Ms: percentileMs(histogram, 95),
    p99Ms: percentileMs(histogram, 99),
    p999Ms: percentileMs(histogram, 99.9),
    maxMs: histogram.totalCount === 0 ? 0 : histogram.maxValue / 1000,
  };
}
