import type { Cell } from "../plan/cell.ts";
import type { CellRecord, Repetition } from "../results/cell-record.ts";
import { formatDuration } from "../units/units.ts";
import { cellLine } from "./cell-line.ts";
import { RunEta } from "./run-eta.ts";

/** What the run loop reports as it goes; the progress printer implements it, tests record it. */
export interface RunObserver {
  /** `around`: what the run spends before its first repetition and after its last (the full host probes). */
  runStarted(
    runId: string,
    cells: Cell[],
    estimatedSeconds: Record<string, number>,
    around?: { beforeCellsSeconds: number; afterCellsSeconds: number },
  ): void;
  cellStarted(cell: Cell): void;
  repetitionFinished(cell: Cell, repetition: Repetition): void;
  cellFinished(record: CellRecord): void;
  message(line: string): void;
  /** Drivers with several nodes: which node measures which cell (empty: all idle). */
  nodesBusy?(busy: Array<{ node: string; cellId: string }>): void;
}

/**
 * Progress on stderr: cells done of total, the current cell, elapsed time and an ETA, a line per finished cell. The
 * ETA (run-eta.ts) starts from the plan's estimate and follows the pace each repetition measured.
 */
export class ProgressPrinter implements RunObserver {
  private total = 0;
  private done = 0;
  private startedMs = 0;
  private eta = new RunEta({ cells: [], cellSeconds: {} });
  /** When the last repetition ended (or the first began): the next one's measured seconds start here. */
  private markMs: number | null = null;

  constructor(
    private readonly write: (text: string) => void = (text) => process.stderr.write(text),
    private readonly now: () => number = Date.now,
  ) {}

  runStarted(
    runId: string,
    cells: Cell[],
    estimatedSeconds: Record<string, number>,
    around?: { beforeCellsSeconds: number; afterCellsSeconds: number },
  ): void {
    this.total = cells.length;
    this.startedMs = this.now();
    this.eta = new RunEta({ cells, cellSeconds: estimatedSeconds, ...around });
    this.message(
      `run ${runId}: ${cells.length} cells, estimated ${formatDuration(this.eta.remainingSeconds())}`,
    );
  }

  cellStarted(cell: Cell): void {
    if (this.markMs === null) {
      this.markMs = this.now();
      this.eta.cellsStarted();
    }
    this.message(
      `${this.done}/${this.total} done · now ${cell.id} · elapsed ${this.elapsed()} · ETA ${formatDuration(this.eta.remainingSeconds())}`,
    );
  }

  repetitionFinished(cell: Cell, repetition: Repetition): void {
    const nowMs = this.now();
    this.eta.repetitionFinished(cell, (nowMs - (this.markMs ?? nowMs)) / 1000);
    this.markMs = nowMs;
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
    this.eta.cellFinished(record.cell.id);
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
}
