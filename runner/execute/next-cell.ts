import type { Cell } from "../plan/cell.ts";
import type { Repetition } from "../results/cell-record.ts";
import type { RepetitionOrder } from "../results/run-record.ts";
import { summarizeCell } from "./summarize-cell.ts";

/** Where one cell stands while a run schedules repetitions. */
export interface CellProgress {
  cell: Cell;
  repetitions: Repetition[];
  /** A repetition of it is running: never two at once (they would share the host's CPUs). */
  busy: boolean;
  done: boolean;
}

/**
 * The cell whose repetition runs next, or null when none can start now. sequential: the first unfinished cell in
 * plan order. interleaved: planned repetitions before adaptive extras, then the fewest done, then plan order, so
 * every cell's rep 1 runs before any rep 2.
 */
export function nextCell<T extends CellProgress>(cells: readonly T[], order: RepetitionOrder): T | null {
  const ready = cells.filter((c) => !c.done && !c.busy && needsMoreRepetitions(c.cell, c.repetitions));
  if (order === "sequential") return ready[0] ?? null;
  const extra = (c: T) => Number(c.repetitions.length >= c.cell.repetitions);
  const rank = (c: T) => [extra(c), c.repetitions.length, cells.indexOf(c)] as const;
  return (
    [...ready].sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
    })[0] ?? null
  );
}

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
  // Every one drifted, twice or more: more of the same would not plan. One alone may be a host's speed swing.
  if (kept.length === 0 && repetitions.length >= 2) return false;
  if (kept.length < cell.repetitions) return true;
  return summarizeCell(repetitions).summary.disagrees === true;
}
