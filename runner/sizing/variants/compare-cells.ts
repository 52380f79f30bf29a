import type { CellSizing } from "../cell-sizing.ts";
import { probeGapNote } from "../host-summary.ts";
import type { ComparedSide, ComparisonRow } from "./comparison-row.ts";
import { ceilingDifference } from "./noise-rule.ts";

/** What makes two cells comparable: the same scenario, CPUs, memory, --smol and concurrency (and variant across runs). */
const cellKey = (c: CellSizing, withVariant: boolean) =>
  [c.scenario, c.cpus, c.memoryBytes, c.smol, concurrencyOf(c), withVariant ? (c.variant ?? "") : ""].join(
    "|",
  );

const concurrencyOf = (c: CellSizing) => c.concurrency ?? null;

function side(c: CellSizing | undefined): ComparedSide | null {
  if (!c) return null;
  return {
    cellId: c.cellId,
    variant: c.variant ?? null,
    bunVersion: c.bunVersion ?? null,
    status: c.status,
    ceilingPerSec: c.ceilingPerSec,
    repetitions: c.repetitions,
    p99AtCeilingMs: c.p99AtCeilingMs,
    peakMemoryBytes: c.peakMemoryBytes,
  };
}

/**
 * Cell by cell, A (the baseline) against B: in one run, two variants' cells (matched without the variant); across
 * runs (`compare`), the same cells of two runs (matched with it). Cells only one side has show with the other null.
 */
export function compareCells(
  a: CellSizing[],
  b: CellSizing[],
  options: { matchVariant: boolean },
): ComparisonRow[] {
  const byKey = (cells: CellSizing[]) => new Map(cells.map((c) => [cellKey(c, options.matchVariant), c]));
  const cellsA = byKey(a);
  const cellsB = byKey(b);
  const keys = [...new Set([...cellsA.keys(), ...cellsB.keys()])];
  return keys.map((key) => {
    const ca = cellsA.get(key);
    const cb = cellsB.get(key);
    const any = (ca ?? cb) as CellSizing;
    const difference =
      ca && cb
        ? ceilingDifference(ca, cb)
        : { ratio: null, verdict: "not-judged" as const, reason: `only in ${ca ? "A" : "B"}` };
    const gap = probeGapNote(ca?.probeComposite, cb?.probeComposite);
    return {
      scenario: any.scenario,
      cpus: any.cpus,
      memoryBytes: any.memoryBytes,
      smol: any.smol,
      concurrency: concurrencyOf(any),
      variant: options.matchVariant ? (any.variant ?? null) : null,
      a: side(ca),
      b: side(cb),
      ceilingRatio: difference.ratio,
      verdict: difference.verdict,
      reason: gap ? `${difference.reason}; ${gap}` : difference.reason,
    };
  });
}
