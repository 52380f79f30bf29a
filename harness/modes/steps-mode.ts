import type { Ceiling } from "../../contract/result.ts";
import { CEILING_SEARCH_DEFAULTS } from "../../search/ceiling-search.ts";
import { exhaustiveSweepSeconds } from "../../search/exhaustive-sweep-seconds.ts";
import { findKnee } from "../../search/find-knee.ts";
import { provenRatePerSec } from "../../search/step-verdict.ts";
import type { ModeRunner } from "../mode-runner.ts";
import type { RunOutcome, StepOutcome } from "../run-outcome.ts";

/** Default rates of --mode=steps without --rates, as fractions of the closed-loop probe (the seed plan's sweep). */
const DEFAULT_STEP_FRACTIONS = [0.5, 0.75, 0.9, 1.0, 1.1] as const;

/** --mode=steps: fixed-rate steps at --rates (or 50..110% of a closed-loop probe); a single rate runs --duration-s. */
export async function runStepsMode(runner: ModeRunner, rates: number[] | undefined): Promise<RunOutcome> {
  const stepMs = runner.flags.stepS * 1000;
  const outcomes: StepOutcome[] = [];
  let probe: StepOutcome | null = null;
  let offered = rates;
  if (offered === undefined) {
    probe = await runner.closedPhase(stepMs, "probe");
    const estimate = Math.max(1, probe.step.achievedPerSec);
    offered = DEFAULT_STEP_FRACTIONS.map((fraction) => estimate * fraction);
  }
  const durationMs = offered.length === 1 ? runner.flags.durationS * 1000 : stepMs;
  for (const rate of offered) outcomes.push(await runner.openStep(rate, "fixed", durationMs));

  const passing = outcomes.filter((o) => o.step.sloMet);
  const best = passing.reduce<StepOutcome | null>(
    (top, o) => (top === null || o.step.offeredPerSec > top.step.offeredPerSec ? o : top),
    null,
  );
  const steps = [...(probe ? [probe.step] : []), ...outcomes.map((o) => o.step)];
  return {
    steps,
    ceiling: probe
      ? stepsCeiling(steps, probe.step.achievedPerSec, best ? provenRatePerSec(best.step) : null)
      : null,
    measuredMs: steps.reduce((sum, step) => sum + step.durationMs, 0),
    representative: best ?? outcomes[0] ?? null,
    sloMet: best !== null,
    notes: [
      "slo.met: at least one step met the SLO; latency/throughput are those of the highest passing step",
      ...(best === null ? ["no step met the SLO"] : []),
    ],
    parameters: { rates: offered.map((rate) => rate.toFixed(1)).join(",") },
  };
}

function stepsCeiling(
  steps: RunOutcome["steps"],
  probePerSec: number,
  ceilingPerSec: number | null,
): Ceiling {
  const failAbove = steps
    .filter(
      (s) => s.phase !== "probe" && !s.sloMet && ceilingPerSec !== null && s.offeredPerSec > ceilingPerSec,
    )
    .map((s) => s.offeredPerSec);
  const resolution =
    ceilingPerSec !== null && failAbove.length > 0
      ? (Math.min(...failAbove) - ceilingPerSec) / ceilingPerSec
      : CEILING_SEARCH_DEFAULTS.resolution;
  return {
    ceilingPerSec,
    kneePerSec: findKnee(steps),
    closedLoopMaxPerSec: probePerSec,
    resolution,
    searchSeconds: steps.reduce((sum, s) => sum + s.durationMs / 1000, 0),
    exhaustiveSweepSeconds: exhaustiveSweepSeconds(
      steps,
      CEILING_SEARCH_DEFAULTS.resolution,
      ceilingPerSec ?? probePerSec,
    ),
  };
}
