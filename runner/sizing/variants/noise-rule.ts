import type { Spread } from "../../results/cell-record.ts";

/** Fewer repetitions give no spread to judge a difference against. */
export const MIN_REPETITIONS_TO_JUDGE = 2;

/** The one definition of "beyond the noise" (docs/matrix-reference.md, "Variants", quotes it; every report and `compare` use it). */
export const NOISE_RULE =
  `a difference is beyond the noise when both cells have a ceiling from at least ${MIN_REPETITIONS_TO_JUDGE} repetitions, ` +
  "their ceilings' min–max ranges do not overlap, and the change of the medians |B − A| ÷ A exceeds the combined CV " +
  "√(CV_A² + CV_B²); otherwise it is within the noise (or not judged when a side lacks a ceiling or repetitions)";

export type NoiseVerdict = "beyond-noise" | "within-noise" | "not-judged";

export interface CeilingDifference {
  /** median B ÷ median A; null when either is missing or A is 0. */
  ratio: number | null;
  verdict: NoiseVerdict;
  /** Why, in a few words (shown next to the verdict). */
  reason: string;
}

export interface CeilingSide {
  ceilingPerSec: Spread | null;
  repetitions: number;
}

/** Applies NOISE_RULE to two cells' ceilings (A the baseline). */
export function ceilingDifference(a: CeilingSide, b: CeilingSide): CeilingDifference {
  const ca = a.ceilingPerSec;
  const cb = b.ceilingPerSec;
  const ratio = ca && cb && ca.median > 0 ? cb.median / ca.median : null;
  if (!ca || !cb) return { ratio, verdict: "not-judged", reason: `no ceiling in ${ca ? "B" : "A"}` };
  const fewest = Math.min(a.repetitions, b.repetitions);
  if (fewest < MIN_REPETITIONS_TO_JUDGE)
    return { ratio, verdict: "not-judged", reason: `${fewest} repetition: no spread to judge against` };
  const combinedCv = Math.hypot(ca.cv, cb.cv);
  const change = ratio === null ? Number.POSITIVE_INFINITY : Math.abs(ratio - 1);
  const overlap = ca.min <= cb.max && cb.min <= ca.max;
  const cvText = `combined CV ${(combinedCv * 100).toFixed(1)}%`;
  if (overlap) return { ratio, verdict: "within-noise", reason: "ranges overlap" };
  if (change <= combinedCv) return { ratio, verdict: "within-noise", reason: `change within ${cvText}` };
  return { ratio, verdict: "beyond-noise", reason: `ranges apart, change over ${cvText}` };
}
