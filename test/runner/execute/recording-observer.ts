import type { Cell } from "../../../runner/plan/cell.ts";
import type { RunObserver } from "../../../runner/progress/progress-printer.ts";
import type { CellRecord, Repetition } from "../../../runner/results/cell-record.ts";

/** A RunObserver that keeps what it was told, and can act when a cell finishes. */
export class RecordingObserver implements RunObserver {
  readonly finished: CellRecord[] = [];
  readonly messages: string[] = [];
  onCellFinished: (record: CellRecord) => void = () => undefined;

  runStarted(_runId: string, _cells: Cell[]): void {}
  cellStarted(_cell: Cell): void {}
  repetitionFinished(_cell: Cell, _repetition: Repetition): void {}
  cellFinished(record: CellRecord): void {
    this.finished.push(record);
    this.onCellFinished(record);
  }
  message(line: string): void {
    this.messages.push(line);
  }
}
