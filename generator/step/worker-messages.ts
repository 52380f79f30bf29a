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
