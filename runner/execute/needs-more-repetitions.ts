import type { Cell } from "../plan/cell.ts";
import type { Repetition } from "../results/cell-record.ts";
import { summarizeCell } from "./summarize-cell.ts";

/** The most repetitions a cell may run: its maxRepetitions, never fewer than its repetitions. */
export const repetitionCap = (cell: Cell) => Math.max(cell.repetitions, cell.maxRepetitions ?? 0);

/**
 * Hyperfine-style adaptation: after the planned repetitions, one more while the ceilings disagree (CV over 5% or
 * some unconfirmed), up to the cap. Only while every repetition ended ok: more runs cannot reconcile an OOM. A
 * drifted repetition is set aside and, up to the cap, replaced, so the cell still plans on the repetitions it asked for.
 */
export function needsMoreRepetitions(cell: Cell, repetitions: Repetition[]): boolean {
  if (repetitions.length < cell.repetitions) return true;
  if (repetitions.length >= repetitionCap(cell)) return false;
  if (repetitions.some((r) => r.status !== "ok" && r.status !== "drifted")) return false;
  const kept = repetitions.filter((r) => r.status === "ok");
  if (kept.length === 0) return false; // every one drifted: more of the same would not plan
  if (kept.length < cell.repetitions) return true;
  return summarizeCell(repetitions).summary.disagrees === true;
}
