import type { ExecutionDriver } from "../drivers/execution-driver.ts";
import type { Cell } from "../plan/cell.ts";
import type { CellRecord, Repetition } from "../results/cell-record.ts";
import type { RunContext } from "./container-spec.ts";
import { needsMoreRepetitions } from "./needs-more-repetitions.ts";
import { runRepetition } from "./run-repetition.ts";
import { summarizeCell } from "./summarize-cell.ts";

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
  const startedAt = new Date().toISOString();
  if (cell.exceedsHost !== null) {
    return {
      schemaVersion: 1,
      runId: context.runId,
      cell,
      status: "exceeds-host",
      message: `not run: ${cell.exceedsHost}`,
      repetitions: [],
      summary: {
        ceilingPerSec: null,
        throughputPerSec: null,
        p99LatencyMs: null,
        peakMemoryBytes: null,
        noisy: false,
        repetitionsRun: 0,
        unconfirmedRepetitions: 0,
        disagrees: false,
      },
      startedAt,
      finishedAt: startedAt,
    };
  }
  const repetitions: Repetition[] = [];
  for (let index = 0; needsMoreRepetitions(cell, repetitions); index++) {
    const repetition = await runRepetition({ ...options, index });
    repetitions.push(repetition);
    options.onRepetition?.(repetition);
    if (repetition.status === "engine-lost") break; // the run stops; --resume re-runs this cell
  }
  const verdict = summarizeCell(repetitions);
  return {
    schemaVersion: 1,
    runId: context.runId,
    cell,
    ...verdict,
    repetitions,
    startedAt,
    finishedAt: new Date().toISOString(),
  };
}
