import type { LoadStep } from "../contract/result.ts";
import { achievedPerSec, type RateWindow, stepMeetsSlo } from "../search/step-verdict.ts";
import { countsBetween } from "./message-ledger.ts";
import type { StepOutcome } from "./run-outcome.ts";
import { assertDeclaredLatency } from "./scenario-latency.ts";
import type { StepWindow } from "./step-recorder.ts";
import type { Workload } from "./workload.ts";

/** What a step cost and what the generator could not send. */
export type StepCost = Pick<LoadStep, "dropped" | "processCpuSeconds" | "generatorCpuSeconds">;

export interface StepOutcomeInput {
  window: StepWindow;
  phase: LoadStep["phase"];
  /** Null for a closed phase or burst: what it achieved is what it offered. */
  offered: number | null;
  windowMs: number;
  before: ReturnType<Workload["counts"]>;
  after: ReturnType<Workload["counts"]>;
  cost: StepCost;
  /** Completed operations counted towards achieved. */
  completions: number;
  rate: RateWindow;
}

/**
 * Builds the step per search/step-verdict.ts. achieved = completed operations / the rate window: an open step
 * counts its rate window only (search/rate-window.ts); a closed phase or burst counts all completions over its time.
 */
export function buildStepOutcome(input: StepOutcomeInput, sloP99Ms: number): StepOutcome {
  const { window, cost } = input;
  assertDeclaredLatency(window);
  const achieved = achievedPerSec(input.completions / window.completionsPerOp, input.rate);
  const latency = window.primary().toPercentiles();
  const figures = {
    offeredPerSec: input.offered ?? achieved,
    achievedPerSec: achieved,
    p99Ms: latency.p99Ms,
    errors: window.errors,
    lost: window.outstanding(),
    dropped: cost.dropped,
  };
  const step: LoadStep = {
    phase: input.phase,
    offeredPerSec: figures.offeredPerSec,
    achievedPerSec: achieved,
    durationMs: input.windowMs,
    latency,
    errors: figures.errors,
    lost: figures.lost,
    ...cost,
    sloMet: stepMeetsSlo(figures, sloP99Ms),
  };
  return { step, window, counts: countsBetween(input.before, input.after), seconds: input.windowMs / 1000 };
}
