import type { GeneratorStepConfig } from "../../contract/generator-step.ts";
import { wireBytes, wireBytesSince } from "../api/http/wire-bytes.ts";
import type { PacedWorkload, Settlement } from "../api/workload.ts";
import { loadWorkload, type WorkloadSource } from "../load/load-workload.ts";
import { parseFlags } from "../load/parse-flags.ts";
import { GeneratorInputError } from "../load/read-step-config.ts";
import { pace } from "./pace.ts";
import { END_SLACK_MS, plannedOperations, within } from "./pace-plan.ts";
import type { Tally } from "./tally.ts";
import type { WorkerFigures } from "./worker-figures.ts";
import { concurrencyShare } from "./worker-messages.ts";
import { workloadContext } from "./workload-context.ts";

/** close() gets this long after the last operation settled. */
export const CLOSE_BOUND_MS = 2 * END_SLACK_MS;

export interface OpenShare {
  /** Paces this share from startMs (this thread's clock), closes the module, returns the settled figures. */
  run(startMs: number): Promise<WorkerFigures>;
}

/** In this thread: loads the paced module, parses its flags and opens it for worker `worker` of `workers`. */
export async function openShare(
  config: GeneratorStepConfig,
  source: WorkloadSource,
  worker: number,
  workers: number,
): Promise<OpenShare> {
  const loaded = await loadWorkload(source, config.requests);
  if (loaded.shape !== "paced")
    throw new GeneratorInputError(`workload ${source.name}: expected a paced workload`);
  const workload: PacedWorkload = loaded.workload;
  const context = workloadContext(
    config,
    parseFlags(workload, config.flags, `workload ${source.name}`),
    worker,
    workers,
  );
  const send = await within(
    workload.open(context),
    config.timeoutMs + END_SLACK_MS,
    `workload ${source.name} open()`,
  );
  return {
    async run(startMs) {
      const plan = {
        ...config,
        concurrency: concurrencyShare(config.concurrency, worker, workers),
        worker,
        workers,
        startMs,
      };
      const before = { ...wireBytes };
      const tally = await pace(plan, send, workload.expect ?? null);
      const bytes = wireBytesSince(before);
      const settlement =
        (await within(workload.close?.(context), CLOSE_BOUND_MS, `workload ${source.name} close()`)) ?? {};
      settle(tally, settlement);
      return {
        ...tally.figures(startMs, config.kind === "open" ? plannedOperations(config) : null),
        requestBytes: bytes?.sent ?? null,
        responseBytes: bytes?.received ?? null,
      };
    },
  };
}

/** The module's corrections: incomplete operations come off completed (and the rate window), errors are added. */
function settle(tally: Tally, settlement: Settlement): void {
  const incomplete = Math.min(tally.completed, Math.max(0, Math.round(settlement.incomplete ?? 0)));
  tally.completed -= incomplete;
  tally.completedInWindow -= Math.min(tally.completedInWindow, incomplete);
  const errors = Math.max(0, Math.round(settlement.errors ?? 0));
  tally.errors += errors;
  tally.causes.other += errors;
  for (const value of settlement.headerValues ?? []) tally.headerValues.add(value);
}
