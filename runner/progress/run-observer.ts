import type { Cell } from "../plan/cell.ts";
import type { CellRecord, Repetition } from "../results/cell-record.ts";

/** What the run loop reports as it goes; the progress printer implements it, tests record it. */
export interface RunObserver {
  runStarted(runId: string, cells: Cell[], estimatedSeconds: Record<string, number>): void;
  cellStarted(cell: Cell): void;
  repetitionFinished(cell: Cell, repetition: Repetition): void;
  cellFinished(record: CellRecord): void;
  message(line: string): void;
  /** Drivers with several nodes: which node measures which cell (empty: all idle). */
  nodesBusy?(busy: Array<{ node: string; cellId: string }>): void;
}
