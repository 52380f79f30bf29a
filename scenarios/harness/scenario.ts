import type { z } from "zod";
import type { Counts } from "../../contract/result.ts";
import type { COMMON_FLAGS, Mode } from "./common-flags.ts";
import type { ModeRunner } from "./mode-runner.ts";
import type { RunOutcome } from "./run-outcome.ts";

export type LatencyKind = "publish" | "endToEnd";
export type CommonFlags = z.infer<z.ZodObject<typeof COMMON_FLAGS>>;
export type ParameterValue = string | number | boolean;

/** What a workload reports as each operation finishes; latency is measured from the intended send time. */
export interface OpRecorder {
  published(intendedNs: number): void;
  delivered(intendedNs: number): void;
  failed(intendedNs: number, error: unknown): void;
}

/** A running workload: the harness decides when to fire operations; the workload reports completions. */
export interface Workload {
  /** Completions of the scenario's latency kind one operation yields (e.g. subscriber count for end-to-end). */
  readonly completionsPerOp: number;
  /** Starts one operation whose intended send time is intendedNs (Bun.nanoseconds clock). Must not throw. */
  fire(intendedNs: number): void;
  /** Cumulative message accounting. */
  counts(): Counts;
  /** Waits (bounded) for outstanding deliveries, then releases resources. */
  close(): Promise<void>;
  notes(): string[];
  /** Figures the workload measured itself, added to the result's parameters. */
  measuredParameters?(): Record<string, ParameterValue>;
}

/** A scenario plug-in: its flags, defaults, and how to build its workload (or a custom run). */
export interface Scenario<S extends z.ZodRawShape> {
  readonly name: string;
  readonly summary: string;
  readonly flags: S;
  readonly defaultMode: Mode;
  latency(flags: z.infer<z.ZodObject<S>>): LatencyKind;
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
