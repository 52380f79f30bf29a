import { z } from "zod";

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
