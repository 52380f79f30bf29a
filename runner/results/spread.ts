import type { Spread } from "./cell-record.ts";
import { median } from "./median.ts";

/** A spread whose CV is above this is noisy (CellSummary.noisy, the sizing's noisy cells). */
export const NOISY_CV = 0.1;

/** Median, range and coefficient of variation (sample stddev / mean) of some repetitions' values; null when none. */
export function spread(values: number[]): Spread | null {
  if (values.length === 0) return null;
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance =
    values.length > 1 ? values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1) : 0;
  const cv = mean === 0 ? 0 : Math.sqrt(variance) / Math.abs(mean);
  return { median: median(values) as number, min: Math.min(...values), max: Math.max(...values), cv };
}
