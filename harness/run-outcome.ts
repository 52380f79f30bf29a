import type { Ceiling, Counts, LoadStep } from "../contract/result.ts";
import type { ParameterValue } from "./scenario.ts";
import type { StepWindow } from "./step-recorder.ts";

/** One measured phase (a load step or a closed-loop run) with its raw histograms and message counts. */
export interface StepOutcome {
  step: LoadStep;
  window: StepWindow;
  /** Ledger counts accumulated during the phase (drain included). */
  counts: Counts;
  /** Denominator for the phase's rates. */
  seconds: number;
}

/** What a mode (or a custom scenario run) hands back to the harness to build the result line. */
export interface RunOutcome {
  steps: LoadStep[];
  ceiling: Ceiling | null;
  /** Measured time, warm-up excluded. */
  measuredMs: number;
  /** The phase whose latency and throughput represent the run (e.g. the confirmed ceiling step). */
  representative: StepOutcome | null;
  sloMet: boolean;
  notes: string[];
  parameters: Record<string, ParameterValue>;
}
