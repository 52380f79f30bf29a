import type { z } from "zod";
import type { CommonFlags, Mode } from "./common-flags.ts";
import type { ModeRunner } from "./mode-runner.ts";
import type { RunOutcome } from "./run-outcome.ts";
import type { ScenarioLatency } from "./scenario-latency.ts";
import type { OpRecorder } from "./step-recorder.ts";
import type { Workload } from "./workload.ts";

/** A scenario plug-in: its flags, defaults, and how to build its workload (or a custom run). */
export interface Scenario<S extends z.ZodRawShape> {
  readonly name: string;
  readonly summary: string;
  readonly flags: S;
  readonly defaultMode: Mode;
  latency(flags: z.infer<z.ZodObject<S>>): ScenarioLatency;
  defaultSloP99Ms(flags: z.infer<z.ZodObject<S>>): number;
  /** Rates for --mode=steps when --rates is absent; undefined means fractions of a closed-loop probe. */
  defaultRates?(flags: z.infer<z.ZodObject<S>>): number[] | undefined;
  parameters(flags: z.infer<z.ZodObject<S>>): Record<string, ParameterValue>;
  setup(flags: z.infer<z.ZodObject<S>> & CommonFlags, recorder: OpRecorder): Promise<Workload>;
  /** A custom measured phase (soak, thundering herd); absent means the harness runs --mode. */
  run?(runner: ModeRunner, flags: z.infer<z.ZodObject<S>> & CommonFlags): Promise<RunOutcome>;
}

/** Keeps the flag type of a scenario literal (a helper so plug-ins need no generics). */
export const defineScenario = <S extends z.ZodRawShape>(scenario: Scenario<S>): Scenario<S> => scenario;

/** A value in the result's parameters (a flag or a figure the workload measured). */
export type ParameterValue = string | number | boolean;
