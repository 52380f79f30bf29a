import type { CellSizing, SmolDelta } from "./cell-sizing.ts";
import { probeGapNote } from "./host-summary.ts";

const pct = (value: number | null, base: number | null) =>
  value === null || base === null || base === 0 ? null : ((value - base) / base) * 100;

const twinKey = (c: Pick<CellSizing, "scenario" | "cpus" | "memoryBytes">) =>
  `${c.scenario}|${c.cpus}|${c.memoryBytes}`;

/** For a --smol cell, its change against the same scenario, CPUs and memory without --smol. */
export function smolDelta(cell: CellSizing, all: CellSizing[]): SmolDelta | null {
  if (!cell.smol) return null;
  const twin = all.find((c) => !c.smol && twinKey(c) === twinKey(cell));
  if (!twin) return null;
  return {
    baselineCellId: twin.cellId,
    ceilingPct: pct(cell.ceilingPerSec?.median ?? null, twin.ceilingPerSec?.median ?? null),
    p99Pct: pct(cell.p99AtCeilingMs, twin.p99AtCeilingMs),
    peakMemoryPct: pct(cell.peakMemoryBytes, twin.peakMemoryBytes),
    probeGap: probeGapNote(twin.probeComposite, cell.probeComposite),
  };
}
