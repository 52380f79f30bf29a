import { ceilingSearch } from "../../search/ceiling-search.ts";
import type { ModeRunner } from "../mode-runner.ts";
import type { RunOutcome, StepOutcome } from "../run-outcome.ts";

/** --mode=ceiling: probe, bracket, bisect and confirm the highest rate that meets the SLO. */
export async function runCeilingMode(runner: ModeRunner): Promise<RunOutcome> {
  const stepMs = runner.flags.stepS * 1000;
  const outcomes: StepOutcome[] = [];
  const keep = (outcome: StepOutcome) => {
    outcomes.push(outcome);
    return outcome.step;
  };
  const search = await ceilingSearch({
    probe: async () => keep(await runner.closedPhase(stepMs, "probe")),
    runStep: async (rate, phase) => keep(await runner.openStep(rate, phase, stepMs)),
    maxSteps: runner.flags.maxSteps,
  });
  const confirmed = outcomes.filter((o) => o.step.phase === "confirm" && o.step.sloMet).at(-1);
  return {
    steps: search.steps,
    ceiling: search.ceiling,
    measuredMs: search.steps.reduce((sum, step) => sum + step.durationMs, 0),
    // The end probe is not a load step: without a confirmation, the last load step stands for the run.
    representative:
      confirmed ?? outcomes.findLast((o) => o.step.phase !== "probe") ?? outcomes.at(-1) ?? null,
    sloMet: search.ceiling.ceilingPerSec !== null,
    notes: [
      "latency and throughput are those of the confirmed ceiling step (the last step when none confirmed)",
      ...search.notes,
    ],
    parameters: {},
  };
}
