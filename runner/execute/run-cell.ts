import type { ExecutionDriver } from "../drivers/execution-driver.ts";
import type { Cell } from "../plan/cell.ts";
import type { CellRecord, Repetition } from "../results/cell-record.ts";
import { exceedsHostRecord, finishedCellRecord } from "./cell-record-of.ts";
import type { RunContext } from "./container-spec.ts";
import { needsMoreRepetitions } from "./next-cell.ts";
import { runRepetition } from "./run-repetition.ts";

export interface RunCellOptions {
  driver: ExecutionDriver;
  cell: Cell;
  image: string;
  context: RunContext;
  signal?: AbortSignal;
  onRepetition?: (repetition: Repetition) => void;
}

/**
 * Runs a cell's repetitions one after the other (never in parallel: they would share the host's CPUs), adding
 * repetitions up to the cap while the ceilings disagree.
 */
export async function runCell(options: RunCellOptions): Promise<CellRecord> {
  const { cell, context } = options;
  if (cell.exceedsHost !== null) return exceedsHostRecord(cell, context.runId);
  const startedAt = new Date().toISOString();
  const repetitions: Repetition[] = [];
  for (let index = 0; needsMoreRepetitions(cell, repetitions); index++) {
    const repetition = await runRepetition({ ...options, index });
    repetitions.push(repetition);
    options.onRepetition?.(repetition);
    if (repetition.status === "engine-lost") break; // the run stops; --resume re-runs this cell
  }
  return finishedCellRecord(cell, context.runId, startedAt, repetitions);
}
