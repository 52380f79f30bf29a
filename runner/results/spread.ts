import type { Spread } from "./cell-record.ts";

/** Median, range and coefficient of variation (sample stddev / mean) of some repetitions' values; null when none. */
export function spread(values: number[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  const variance =
    sorted.length > 1 ? sorted.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (sorted.length - 1) : 0;
  const cv = mean === 0 ? 0 : Math.sqrt(variance) / Math.abs(mean);
  return { median, min: sorted[0] as number, max: sorted.at(-1) as number, cv };
}
