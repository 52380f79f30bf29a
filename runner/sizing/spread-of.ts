import type { Spread } from "../results/cell-record.ts";

/** Median, range and coefficient of variation of some figures; null when there are none. */
export function spreadOf(values: number[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  const variance = sorted.reduce((sum, v) => sum + (v - mean) ** 2, 0) / sorted.length;
  const cv = mean === 0 ? 0 : Math.sqrt(variance) / mean;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number, cv };
}
