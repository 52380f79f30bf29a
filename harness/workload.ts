import type { Counts } from "../contract/result.ts";
import type { ParameterValue } from "./scenario.ts";

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
