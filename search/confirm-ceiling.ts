import type { LoadStep } from "../contract/result.ts";
import { overloadedStep } from "./overloaded-step.ts";
import type { SearchSession } from "./search-session.ts";

export interface ConfirmOptions {
  /** The best passing rate the bracket found. */
  pass: number;
  maxSteps: number;
  minRatePerSec: number;
  resolution: number;
}

/**
 * Re-run the best passing rate; a failure is re-run once (see SearchSession.measureOrRetry) while a step is left
 * after the re-run. When it still fails, fall back to the highest lower rate that already passed (evidence, not a
 * guess). Only when that rate is more than two resolution steps lower (and more than one below what an overloaded
 * confirmation delivered), and two steps are left, is a step down tried first: one resolution step, or one grid
 * step under the rate an overloaded confirmation delivered, whichever is lower. A step-down rate never passed, so
 * its failure gets no re-run. Returns the confirming step (null when the budget ran
 * out first) and the lowest candidate that failed.
 */
export async function confirmCeiling(
  session: SearchSession,
  options: ConfirmOptions,
): Promise<{ confirm: LoadStep | null; failedBelow: number | null }> {
  const { maxSteps, minRatePerSec, resolution } = options;
  const unit = 1 + resolution;
  const passed = session.passedRates().filter((rate) => rate < options.pass);
  let candidate = options.pass;
  let failedBelow: number | null = null;
  while (candidate >= minRatePerSec && session.steps.length < maxSteps) {
    // A re-run only when a step is left after it for the fallback.
    const step = await session.measureOrRetry(candidate, "confirm", maxSteps - 1);
    if (step.sloMet) return { confirm: step, failedBelow };
    failedBelow = candidate;
    const earlier = passed.find((rate) => rate < candidate);
    // An overloaded confirmation delivered about the workload's rate now: step to just under it, not 5% at a time.
    const delivered = overloadedStep(step) ? step.achievedPerSec / unit : Number.POSITIVE_INFINITY;
    const down = Math.min(candidate / unit, delivered);
    const left = maxSteps - session.steps.length;
    const useEarlier =
      earlier !== undefined &&
      (earlier * unit * unit >= candidate * (1 - 1e-9) || earlier * unit >= down || left < 2);
    const next = useEarlier ? (earlier as number) : down;
    session.notes.push(
      useEarlier
        ? `confirmation at ${candidate.toFixed(1)}/s failed; falling back to ${next.toFixed(1)}/s, which passed earlier`
        : `confirmation at ${candidate.toFixed(1)}/s failed; stepping down to ${next.toFixed(1)}/s (${delivered < candidate / unit ? "one grid step under what it delivered" : "one resolution step"})`,
    );
    candidate = next;
  }
  return { confirm: null, failedBelow };
}
