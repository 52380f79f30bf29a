import type { ExecutionDriver } from "../drivers/execution-driver.ts";
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
}

/**
 * Runs cells one by one, writing each record as soon as it completes. Stops cleanly on an interrupt (the run's
 * containers removed, state interrupted) or when the engine goes away (state engine-lost); both are resumable.
 */
export async function executeRun(options: ExecuteOptions): Promise<RunRecord> {
  const { driver, store, observer, context } = options;
  const plan = store.run.plan;
  observer.runStarted(context.runId, options.cells, plan.cellEstimatedSeconds);
  for (const cell of options.cells) {
    if (options.signal?.aborted) return interrupted(options);
    observer.cellStarted(cell);
    try {
      const record = await runCell({
        driver,
        cell,
        image: cell.image,
        context,
        signal: options.signal,
        onRepetition: (repetition) => observer.repetitionFinished(cell, repetition),
      });
      await store.writeCell(record);
      observer.cellFinished(record);
      if (record.status === "engine-lost") {
        observer.message(
          `the Docker engine went away: resume with --resume ${context.runId} once it runs again`,
        );
        return store.finish("engine-lost");
      }
    } catch (error) {
      if (error instanceof RunInterruptedError) return interrupted(options);
      throw error;
    }
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
