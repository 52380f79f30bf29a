import { join } from "node:path";
import type { PacedWorkload } from "../../../../generator/api/workload.ts";
import { driveWorkload } from "./drive-workload.ts";
import type { ServiceProcess } from "./start-service-process.ts";

const WORKLOADS = join(import.meta.dir, "../../../../generator/workloads");

/** What the tests read of a step: its counts, and the workload's corrections after it. */
export interface StepOutcome {
  started: number;
  completed: number;
  errors: number;
  latencyCount: number;
  /** Completed less the workload's own `incomplete` (what the runner counts as completed). */
  settledCompleted: number;
}

/**
 * One open-loop step of `ratePerSec` for `count` operations of workload `name` (generator/workloads/<name>.ts)
 * against `service`. Generous timeouts: a loaded shared host must not turn slow answers into errors.
 */
export async function runPacedStep(
  name: "ingest" | "e2e",
  service: ServiceProcess,
  flags: Record<string, string | number>,
  options: { ratePerSec?: number; count?: number; concurrency?: number; timeoutMs?: number } = {},
): Promise<StepOutcome> {
  const workload = (await import(join(WORKLOADS, `${name}.ts`))).default as PacedWorkload;
  const run = await driveWorkload(workload, {
    baseUrl: service.url,
    port: service.port,
    ratePerSec: options.ratePerSec ?? 100,
    count: options.count ?? 100,
    concurrency: options.concurrency ?? 10,
    timeoutMs: options.timeoutMs ?? 5000,
    flags,
  });
  const incomplete = run.settlement.incomplete ?? 0;
  return {
    started: run.started,
    completed: run.completed,
    errors: run.errors + (run.settlement.errors ?? 0),
    latencyCount: run.latenciesMs.length,
    settledCompleted: run.completed - incomplete,
  };
}
