import type { Cell } from "../plan/cell.ts";
import type { CellRecord, Repetition } from "../results/cell-record.ts";
import { cellLine } from "./cell-line.ts";
import { formatDuration } from "./format-duration.ts";
import type { RunObserver } from "./run-observer.ts";

/** Progress on stderr: cells done of total, the current cell, elapsed time and an ETA, a line per finished cell. */
export class ProgressPrinter implements RunObserver {
  private total = 0;
  private done = 0;
  private startedMs = 0;
  private estimates: Record<string, number> = {};
  private remainingEstimateSeconds = 0;
  private doneEstimateSeconds = 0;

  constructor(
    private readonly write: (text: string) => void = (text) => process.stderr.write(text),
    private readonly now: () => number = Date.now,
  ) {}

  runStarted(runId: string, cells: Cell[], estimatedSeconds: Record<string, number>): void {
    this.total = cells.length;
    this.startedMs = this.now();
    this.estimates = estimatedSeconds;
    this.remainingEstimateSeconds = cells.reduce((sum, c) => sum + (estimatedSeconds[c.id] ?? 0), 0);
    this.message(
      `run ${runId}: ${cells.length} cells, estimated ${formatDuration(this.remainingEstimateSeconds)}`,
    );
  }

  cellStarted(cell: Cell): void {
    this.message(
      `${this.done}/${this.total} done · now ${cell.id} · elapsed ${this.elapsed()} · ETA ${this.eta()}`,
    );
  }

  repetitionFinished(cell: Cell, repetition: Repetition): void {
    const extra = repetition.index >= cell.repetitions; // added because the ceilings disagree
    const of = extra
      ? `${repetition.index + 1} (extra: the ceilings disagree; at most ${cell.maxRepetitions ?? cell.repetitions})`
      : `${repetition.index + 1}/${cell.repetitions}`;
    this.message(
      `  ${cell.id} repetition ${of}: ${repetition.status} (${repetition.wallSeconds.toFixed(1)} s)`,
    );
  }

  cellFinished(record: CellRecord): void {
    this.done++;
    const estimate = this.estimates[record.cell.id] ?? 0;
    this.remainingEstimateSeconds = Math.max(0, this.remainingEstimateSeconds - estimate);
    this.doneEstimateSeconds += estimate;
    this.write(`[cell ${this.done}/${this.total}] ${cellLine(record)}\n`);
  }

  nodesBusy(busy: Array<{ node: string; cellId: string }>): void {
    const list = busy.map((b) => `${b.node} (${b.cellId})`).join(", ");
    this.message(`nodes busy: ${list || "none"}`);
  }

  message(line: string): void {
    this.write(`[run] ${line}\n`);
  }

  private elapsed(): string {
    return formatDuration((this.now() - this.startedMs) / 1000);
  }

  /** The plan's estimate for what is left, scaled by how the finished cells compared with their estimates. */
  private eta(): string {
    const elapsedSeconds = (this.now() - this.startedMs) / 1000;
    const pace = this.doneEstimateSeconds > 0 ? elapsedSeconds / this.doneEstimateSeconds : 1;
    return formatDuration(this.remainingEstimateSeconds * pace);
  }
}
