import type { SizingReport } from "../sizing/sizing-report.ts";
import { compareCells } from "../sizing/variants/compare-cells.ts";
import type { ComparisonRow } from "../sizing/variants/comparison-row.ts";
import { NOISE_RULE } from "../sizing/variants/noise-rule.ts";
import { comparisonMarkdownTable } from "./comparison-table.ts";

/** Per-cell change from run A to run B (same scenario, CPUs, memory, --smol, concurrency and variant). */
export function compareRuns(a: SizingReport, b: SizingReport): ComparisonRow[] {
  const cells = (r: SizingReport) => r.scenarios.flatMap((s) => s.cells);
  return compareCells(cells(a), cells(b), { matchVariant: true });
}

/** The comparison as a Markdown table: the same view as a run's variants A/B. */
export function compareMarkdown(a: SizingReport, b: SizingReport, rows: ComparisonRow[]): string {
  return [
    `Comparing run ${a.runId} (A) → ${b.runId} (B)`,
    "",
    comparisonMarkdownTable(rows),
    "",
    `Rule: ${NOISE_RULE}.`,
  ].join("\n");
}
