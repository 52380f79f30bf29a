import type { Spread } from "./cell-record.ts";

/** The ceiling CV a cell must reach (hyperfine-style: more repetitions until it does, up to a cap). */
export const MAX_CEILING_CV = 0.05;

export interface CeilingStatistics {
  /** Over every repetition that searched; one that confirmed nothing counts as 0/s. null when none confirmed. */
  ceilingPerSec: Spread | null;
  searchedRepetitions: number;
  unconfirmedRepetitions: number;
  /** CV over MAX_CEILING_CV, or some (not all) repetitions confirmed no ceiling: never recommended. */
  disagrees: boolean;
}

/**
 * Statistics over every repetition's ceiling (`null`: searched but confirmed none; `undefined`: no search). An
 * unconfirmed repetition is a real outcome, so it enters the median and the CV as 0 instead of being left out.
 */
export function ceilingStatistics(ceilings: Array<number | null | undefined>): CeilingStatistics {
  const searched = ceilings.filter((c): c is number | null => c !== undefined);
  const unconfirmedRepetitions = searched.filter((c) => c === null).length;
  const confirmed = searched.length - unconfirmedRepetitions;
  const ceilingPerSec = confirmed === 0 ? null : spread(searched.map((c) => c ?? 0));
  const disagrees =
    (unconfirmedRepetitions > 0 && confirmed > 0) ||
    (ceilingPerSec !== null && ceilingPerSec.cv > MAX_CEILING_CV);
  return { ceilingPerSec, searchedRepetitions: searched.length, unconfirmedRepetitions, disagrees };
}

/** The middle value of some numbers (the mean of the two middle ones for an even count); null when there are none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

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
