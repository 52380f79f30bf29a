import type { Cell } from "../plan/cell.ts";

/** How much the plan's estimate is trusted against a cell's own first measurements (in repetitions' worth). */
const PRIOR_REPETITIONS = 1;

/** The run's ETA parts the plan knows before any repetition: per cell, and what runs before and after the cells. */
export interface EtaPlan {
  cells: readonly Cell[];
  /** The plan's estimate per cell id (runner/plan/estimate-cell-seconds.ts), every planned repetition included. */
  cellSeconds: Record<string, number>;
  /** Seconds before the first repetition (the start probe) and after the last (the end probe). */
  beforeCellsSeconds?: number;
  afterCellsSeconds?: number;
}

interface Pace {
  measuredSeconds: number;
  estimatedSeconds: number;
  repetitions: number;
}

/**
 * The ETA of a run whose repetitions interleave: each repetition's measured seconds (from the end of the one before,
 * so the short host probes and re-runs between them count) over its planned share of the cell's estimate gives a
 * pace; every remaining repetition is its estimate times the pace of the closest measured group: the cell itself
 * (weighed against its kind's), then its kind (scenario and mode: the same search on the same service), then all.
 */
export class RunEta {
  private readonly byCell = new Map<string, Pace>();
  private readonly byKind = new Map<string, Pace>();
  private readonly all: Pace = { measuredSeconds: 0, estimatedSeconds: 0, repetitions: 0 };
  private readonly finished = new Set<string>();
  private beforeCells: number;

  constructor(private readonly plan: EtaPlan) {
    this.beforeCells = plan.beforeCellsSeconds ?? 0;
  }

  /** The first repetition starts: what ran before it (the start probe) is no longer ahead. */
  cellsStarted(): void {
    this.beforeCells = 0;
  }

  /** A repetition of `cell` ended `seconds` after the previous one did (or after the first began). */
  repetitionFinished(cell: Cell, seconds: number): void {
    const estimated = this.repetitionEstimate(cell);
    for (const pace of [this.cellPace(cell), this.kindPace(cell), this.all]) {
      pace.measuredSeconds += seconds;
      pace.estimatedSeconds += estimated;
      pace.repetitions++;
    }
  }

  /** The cell's record is written: it runs no more repetitions (fewer or more than planned). */
  cellFinished(cellId: string): void {
    this.finished.add(cellId);
  }

  /** Seconds still to run: each unfinished cell's remaining repetitions at its pace, plus what runs after the cells. */
  remainingSeconds(): number {
    let seconds = this.beforeCells + (this.plan.afterCellsSeconds ?? 0);
    for (const cell of this.plan.cells) {
      if (this.finished.has(cell.id) || cell.exceedsHost !== null) continue;
      const done = this.byCell.get(cell.id)?.repetitions ?? 0;
      // A cell past its planned repetitions that is not finished runs at least one more (its ceilings disagree).
      const left = done < cell.repetitions ? cell.repetitions - done : 1;
      seconds += left * this.repetitionEstimate(cell) * this.paceOf(cell);
    }
    return seconds;
  }

  /** Measured over estimated: the cell's own (pulled towards its kind's), else its kind's, else the run's, else 1. */
  paceOf(cell: Cell): number {
    const broader = ratio(this.byKind.get(kindOf(cell))) ?? ratio(this.all) ?? 1;
    const own = this.byCell.get(cell.id);
    if (!own || own.repetitions === 0) return broader;
    return (
      (own.measuredSeconds + PRIOR_REPETITIONS * own.estimatedSeconds * broader) /
      (own.estimatedSeconds * (1 + PRIOR_REPETITIONS))
    );
  }

  private repetitionEstimate(cell: Cell): number {
    return (this.plan.cellSeconds[cell.id] ?? 0) / Math.max(1, cell.repetitions);
  }

  private cellPace(cell: Cell): Pace {
    return getOrAdd(this.byCell, cell.id);
  }

  private kindPace(cell: Cell): Pace {
    return getOrAdd(this.byKind, kindOf(cell));
  }
}

/** Cells of one kind run the same search on the same service: their repetitions take alike. */
function kindOf(cell: Cell): string {
  return `${cell.mode ?? "scenario"}:${cell.scenario}`;
}

function ratio(pace: Pace | undefined): number | null {
  return pace && pace.estimatedSeconds > 0 ? pace.measuredSeconds / pace.estimatedSeconds : null;
}

function getOrAdd(map: Map<string, Pace>, key: string): Pace {
  let pace = map.get(key);
  if (!pace) {
    pace = { measuredSeconds: 0, estimatedSeconds: 0, repetitions: 0 };
    map.set(key, pace);
  }
  return pace;
}
