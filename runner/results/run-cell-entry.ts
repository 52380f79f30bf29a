import type { Cell } from "../plan/cell.ts";
import type { CellRecord } from "./cell-record.ts";
import type { RunCellEntry } from "./run-record.ts";

/** run.json's line for a cell: from its record when it has one, else pending. */
export function runCellEntry(cell: Cell, record: CellRecord | undefined): RunCellEntry {
  if (!record) {
    return {
      id: cell.id,
      status: "pending",
      message: "",
      summary: null,
      limitMismatches: [],
      wallSeconds: null,
    };
  }
  return {
    id: cell.id,
    status: record.status,
    message: record.message,
    summary: record.summary,
    limitMismatches: [...new Set(record.repetitions.flatMap((r) => r.limitMismatches))],
    wallSeconds: (Date.parse(record.finishedAt) - Date.parse(record.startedAt)) / 1000,
    cpu: record.repetitions.findLast((r) => r.cpu)?.cpu ?? null,
  };
}
