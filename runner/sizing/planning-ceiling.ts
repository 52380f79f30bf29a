import { z } from "zod";
import { ceilingStatistics } from "../results/statistics.ts";

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

/** Which repetition figure a cell plans with (planning-ceiling.ts). */
export const PlanningBasis = z.enum(["median", "lowest-confirmed", "single-repetition"]);
export type PlanningBasis = z.infer<typeof PlanningBasis>;

/** How far a cell's repetitions spread, shown beside its planning figure. */
export const CeilingSpread = z
  .object({
    minPerSec: z.number().describe("lowest repetition (an unconfirmed one counts as 0)"),
    maxPerSec: z.number(),
    medianPerSec: z.number(),
    cv: z.number().describe("stddev ÷ mean over the repetitions"),
    repetitions: z.number().int().describe("repetitions that searched"),
    confirmedRepetitions: z.number().int().describe("of them, those that confirmed a ceiling under the SLO"),
    wide: z
      .boolean()
      .describe("CV over 5% or a repetition confirmed none: planned on its lowest confirmed repetition"),
    basis: PlanningBasis.describe("where planningCeilingPerSec comes from"),
  })
  .strict();
export type CeilingSpread = z.infer<typeof CeilingSpread>;
