import type { ResourceSample } from "../contract/resource-sample.ts";

/** The plateau baseline and the final level are each the mean RSS of this share of the window's samples. */
export const TREND_EDGE_SHARE = 0.2;

export interface RssTrend {
  baselineRssBytes: number;
  finalRssBytes: number;
  /** (final - baseline) / baseline */
  growthRatio: number;
  /** Least-squares slope of RSS over time, in bytes per hour. */
  slopeBytesPerHour: number;
  sampleCount: number;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** RSS growth after the warm-up plateau: mean of the first 20% of samples vs the last 20%, plus a linear fit. */
export function rssTrend(samples: readonly ResourceSample[], fromElapsedMs: number): RssTrend | null {
  const window = samples.filter((sample) => sample.elapsedMs >= fromElapsedMs);
  if (window.length < 4) return null;
  const edge = Math.max(1, Math.floor(window.length * TREND_EDGE_SHARE));
  const baselineRssBytes = mean(window.slice(0, edge).map((s) => s.rssBytes));
  const finalRssBytes = mean(window.slice(-edge).map((s) => s.rssBytes));
  const hours = window.map((s) => s.elapsedMs / 3_600_000);
  const meanHours = mean(hours);
  const meanRss = mean(window.map((s) => s.rssBytes));
  let covariance = 0;
  let variance = 0;
  window.forEach((sample, index) => {
    const dx = (hours[index] as number) - meanHours;
    covariance += dx * (sample.rssBytes - meanRss);
    variance += dx * dx;
  });
  return {
    baselineRssBytes,
    finalRssBytes,
    growthRatio: baselineRssBytes > 0 ? (finalRssBytes - baselineRssBytes) / baselineRssBytes : 0,
    slopeBytesPerHour: variance > 0 ? covariance / variance : 0,
    sampleCount: window.length,
  };
}
