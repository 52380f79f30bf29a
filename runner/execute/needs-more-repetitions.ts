import type { Cell } from "../plan/cell.ts";
import type { Repetition } from "../results/cell-record.ts";
import { summarizeCell } from "./summarize-cell.ts";

/** The most repetitions a cell may run: its maxRepetitions, never fewer than its repetitions. */
export const repetitionCap = (cell: Cell) => Math.max(cell.repetitions, cell.maxRepetitions ?? 0);

/**
 * Hyperfine-style adaptation: after the planned repetitions, one more while the ceilings disagree (CV over 5% or
 * some unconfirmed), up to the cap. Only while every repetition ended ok: more runs cannot reconcile an OOM.
 */
export function needsMoreRepetitions(cell: Cell, repetitions: Repetition[]): boolean {
  if (repetitions.length < cell.repetitions) return true;
  if (repetitions.length >= repetitionCap(cell)) return false;
  if (repetitions.some((r) => r.status !== "ok")) return false;
  return summarizeCell(repetitions).summary.disagrees === true;
}
