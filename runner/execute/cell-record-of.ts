import type { Cell } from "../plan/cell.ts";
import type { CellRecord, Repetition } from "../results/cell-record.ts";
import { summarizeCell } from "./summarize-cell.ts";

/** A cell the host cannot honour: recorded without a container. */
export function exceedsHostRecord(cell: Cell, runId: string): CellRecord {
  const at = new Date().toISOString();
  return {
    schemaVersion: 1,
    runId,
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
    startedAt: at,
    finishedAt: at,
  };
}

/** A cell's record once its repetitions are done: the verdict summarised from them. */
export function finishedCellRecord(
  cell: Cell,
  runId: string,
  startedAt: string,
  repetitions: Repetition[],
): CellRecord {
  return {
    schemaVersion: 1,
    runId,
    cell,
    ...summarizeCell(repetitions),
    repetitions,
    startedAt,
    finishedAt: new Date().toISOString(),
  };
}
