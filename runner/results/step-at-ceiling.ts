import type { BenchResult, LoadStep } from "../../contract/result.ts";
import { provenRatePerSec, stepPassesSlo } from "../../search/step-verdict.ts";

/** A repetition's confirmed ceiling and the confirming step it stands on. */
export interface CeilingAt {
  /** null: the search confirmed no rate under the SLO. */
  ceilingPerSec: number | null;
  /** The confirming step whose rate is the ceiling: its latency is "the latency at the ceiling" everywhere. */
  step: LoadStep | null;
}

/**
 * The one definition of "the step at the ceiling": the confirming step that passed. Under `sloOverrideMs` only
 * confirmation steps are judged again (a bisect pass whose confirmation failed never counts); the best passing one
 * sets the ceiling. null when the repetition ran no ceiling search.
 */
export function stepAtCeiling(result: BenchResult, sloOverrideMs?: number): CeilingAt | null {
  if (result.ceiling === null) return null;
  const confirms = result.steps.filter((step) => step.phase === "confirm");
  if (sloOverrideMs === undefined) {
    if (result.ceiling.ceilingPerSec === null) return { ceilingPerSec: null, step: null };
    const step = confirms.filter((s) => s.sloMet).at(-1) ?? null;
    return { ceilingPerSec: result.ceiling.ceilingPerSec, step };
  }
  const passing = confirms.filter((step) => stepPassesSlo(step, sloOverrideMs));
  const best = passing.sort((a, b) => provenRatePerSec(b) - provenRatePerSec(a))[0] ?? null;
  return { ceilingPerSec: best === null ? null : provenRatePerSec(best), step: best };
}
