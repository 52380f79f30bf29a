import { ceilingStatistics } from "../results/statistics.ts";
import type { CeilingSpread } from "./ceiling-spread.ts";

export interface PlanningCeiling {
  /** null: no repetition confirmed a ceiling (nothing to plan with). */
  planningCeilingPerSec: number | null;
  spread: CeilingSpread | null;
}

/**
 * The conservative figure a cell is planned with: the median when its repetitions agree (CV ≤ 5%, all confirmed),
 * else the lowest repetition that confirmed a ceiling. `ceilings`: per repetition that ran, its confirmed ceiling,
 * null when its search confirmed none, undefined when it ran no search.
 */
export function planningCeiling(ceilings: Array<number | null | undefined>): PlanningCeiling {
  const stats = ceilingStatistics(ceilings);
  const confirmed = ceilings.filter((c): c is number => typeof c === "number" && c > 0);
  if (stats.ceilingPerSec === null || confirmed.length === 0)
    return { planningCeilingPerSec: null, spread: null };
  const { median, min, max, cv } = stats.ceilingPerSec;
  const wide = stats.disagrees;
  const basis = stats.searchedRepetitions === 1 ? "single-repetition" : wide ? "lowest-confirmed" : "median";
  return {
    planningCeilingPerSec: wide ? Math.min(...confirmed) : median,
    spread: {
      minPerSec: min,
      maxPerSec: max,
      medianPerSec: median,
      cv,
      repetitions: stats.searchedRepetitions,
      confirmedRepetitions: confirmed.length,
      wide,
      basis,
    },
  };
}
