import { compareProbes, type ProbeComparison, runProbe, SameHostError } from "../host/host-probe.ts";
import type { CellSizing } from "../sizing/cell-sizing.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";
import { type ComparisonRow, compareCells, NOISE_RULE } from "../sizing/variant-comparison.ts";
import { comparisonMarkdownTable } from "./comparison-table.ts";

/** How run B's host compares with run A's (the baseline), from their start probes. */
export function compareRunProbes(a: SizingReport, b: SizingReport): ProbeComparison {
  return compareProbes(runProbe(b.host?.probes), runProbe(a.host?.probes));
}

/** A cell's ceilings on another host's speed: every ceiling figure times `scale`. */
function scaled(cell: CellSizing, scale: number): CellSizing {
  if (scale === 1) return cell;
  const spread = cell.ceilingPerSec;
  return {
    ...cell,
    ceilingPerSec: spread
      ? { ...spread, median: spread.median * scale, min: spread.min * scale, max: spread.max * scale }
      : null,
    ...(cell.planningCeilingPerSec == null
      ? {}
      : { planningCeilingPerSec: cell.planningCeilingPerSec * scale }),
  };
}

/**
 * Per-cell change from run A to run B (same scenario, CPUs, memory, --smol, concurrency and variant). When the runs'
 * probes differ by over 10%, A's ceilings are scaled to B's host speed first (or refused under sameHost).
 */
export function compareRuns(
  a: SizingReport,
  b: SizingReport,
  options: { sameHost?: boolean } = {},
): ComparisonRow[] {
  const probes = compareRunProbes(a, b);
  if (probes.kind === "normalised" && options.sameHost) throw new SameHostError(probes.label);
  const cells = (r: SizingReport, scale = 1) =>
    r.scenarios.flatMap((s) => s.cells.map((c) => scaled(c, scale)));
  return compareCells(cells(a, probes.scale), cells(b), { matchVariant: true });
}

/** The comparison as a Markdown table: the same view as a run's variants A/B, with how the hosts were read. */
export function compareMarkdown(a: SizingReport, b: SizingReport, rows: ComparisonRow[]): string {
  const probes = compareRunProbes(a, b);
  const hostNote =
    probes.kind === "normalised"
      ? [`Ceilings of A ${probes.label}: A's scaled by ${probes.scale.toFixed(2)} to B's host speed.`, ""]
      : probes.kind === "same"
        ? []
        : [`Warning: ${probes.warning}.`, ""];
  return [
    `Comparing run ${a.runId} (A) → ${b.runId} (B)`,
    "",
    ...hostNote,
    comparisonMarkdownTable(rows),
    "",
    `Rule: ${NOISE_RULE}.`,
  ].join("\n");
}
