import type { GeneratorStepConfig } from "../../contract/generator-step.ts";
import type { WorkloadSource } from "../load/load-workload.ts";
import type { WorkerFigures } from "./worker-figures.ts";

/** Main thread to a step worker. */
export type ToWorker =
  | { type: "init"; config: GeneratorStepConfig; source: WorkloadSource; worker: number; workers: number }
  /** Start at this time on the shared clock (sharedClockMs). */
  | { type: "go"; startSharedMs: number };

/** A step worker to the main thread; `input` marks a bad-input failure (exit 2). */
export type FromWorker =
  | { type: "ready" }
  | { type: "figures"; figures: WorkerFigures }
  | { type: "failed"; message: string; input: boolean };

/** How many workers a step runs: never more than its concurrency (each needs a slot). */
export const workerCount = (workers: number, concurrency: number): number =>
  Math.max(1, Math.min(workers, concurrency));

/** Worker w's share of the concurrency, as even as possible (the first `concurrency % workers` get one more). */
export const concurrencyShare = (concurrency: number, worker: number, workers: number): number =>
  Math.floor(concurrency / workers) + (worker < concurrency % workers ? 1 : 0);

/** A clock every thread shares (performance.now() has a per-thread origin): monotonic ms. */
export function sharedClockMs(): number {
  const [seconds, nanos] = process.hrtime();
  return seconds * 1000 + nanos / 1e6;
}
