import type { ExecutionDriver } from "../drivers/execution-driver.ts";
import { withHostLock } from "../host/with-host-lock.ts";
import type { Cell } from "../plan/cell.ts";
import type { RunObserver } from "../progress/run-observer.ts";
import type { RunRecord } from "../results/run-record.ts";
import type { RunStore } from "../results/run-store.ts";
import type { RunContext } from "./container-spec.ts";
import { runCell } from "./run-cell.ts";
import { RunInterruptedError } from "./run-interrupted-error.ts";

export interface ExecuteOptions {
  driver: ExecutionDriver;
  store: RunStore;
  cells: Cell[];
  context: RunContext;
  observer: RunObserver;
  signal?: AbortSignal;
  /** Wait for (then hold) the host lock before the first cell: one measuring run per host. Default false. */
  hostLock?: boolean;
}

/** Holds the host lock while the cells run; an interrupt while waiting for it leaves a resumable run. */
export async function executeRun(options: ExecuteOptions): Promise<RunRecord> {
  if (!options.hostLock) return runCells(options);
  const log = (line: string) => options.observer.message(line);
  try {
    const lockOptions = { runId: options.context.runId, log, signal: options.signal };
    return await withHostLock(true, lockOptions, () => runCells(options));
  } catch (error) {
    if (error instanceof RunInterruptedError) return interrupted(options);
    throw error;
  }
}

/**
 * Runs cells, writing each record as soon as it completes: one at a time, or as many at once as the driver has
 * physical hosts (maxParallelCells). Stops cleanly on an interrupt (the run's containers removed, state
 * interrupted) or when the engine goes away (state engine-lost); both are resumable.
 */
async function runCells(options: ExecuteOptions): Promise<RunRecord> {
  const { driver, store, observer, context } = options;
  observer.runStarted(context.runId, options.cells, store.run.plan.cellEstimatedSeconds);
  const queue = [...options.cells];
  const runnable = queue.find((cell) => cell.exceedsHost === null);
  const parallel = runnable ? ((await driver.maxParallelCells?.(runnable.image)) ?? 1) : 1;
  let ending: "interrupted" | "engine-lost" | null = null;
  const worker = async () => {
    for (let cell = queue.shift(); cell && ending === null; cell = queue.shift()) {
      if (options.signal?.aborted) {
        ending = "interrupted";
        return;
      }
      const current = cell;
      observer.cellStarted(current);
      try {
        const record = await runCell({
          driver,
          cell: current,
          image: current.image,
          context,
          signal: options.signal,
          onRepetition: (repetition) => observer.repetitionFinished(current, repetition),
        });
        await store.writeCell(record);
        observer.cellFinished(record);
        if (record.status === "engine-lost") ending ??= "engine-lost";
      } catch (error) {
        if (!(error instanceof RunInterruptedError)) throw error;
        ending = "interrupted";
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  if (ending === "interrupted" || (ending === null && options.signal?.aborted && queue.length > 0))
    return interrupted(options);
  if (ending === "engine-lost") {
    observer.message(`the Docker engine went away: resume with --resume ${context.runId} once it runs again`);
    return store.finish("engine-lost");
  }
  return store.finish("complete");
}

async function interrupted(options: ExecuteOptions): Promise<RunRecord> {
  const removed = await options.driver.removeRun(options.context.runId).catch(() => 0);
  const runId = options.context.runId;
  options.observer.message(
    `interrupted: ${options.store.done.size} cell(s) recorded${removed ? `, ${removed} container(s) removed` : ""}; resume with --resume ${runId}`,
  );
  return options.store.finish("interrupted");
}
