import type { Spread } from "./cell-record.ts";
import { spread } from "./spread.ts";

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
