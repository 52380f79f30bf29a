import type { CellRecord } from "../results/cell-record.ts";
import { fixedShapeFigures, formatFigure } from "./fixed-shape-figures.ts";
import { workloadSummary } from "./workload-summary.ts";

/** Padded columns: the first left-aligned, the others right-aligned. */
function columns(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return rows
    .map((row) =>
      row.map((text, i) => (i === 0 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0))),
    )
    .map((row) => `  ${row.join("   ")}`)
    .join("\n");
}

/** The terminal view of fixed-shape workloads: per scenario its headline table (known workloads), then every figure. */
export function fixedShapeTerminal(records: CellRecord[]): string {
  const out: string[] = [];
  for (const w of fixedShapeFigures(records)) {
    const summary = workloadSummary(w);
    out.push(
      `\n== ${w.scenario}${summary ? `: ${summary.title.toLowerCase()}` : ""} (fixed-shape workload, no ceiling search; units in the figure names) ==`,
    );
    if (summary) out.push(columns([summary.header, ...summary.rows]), "");
    const rows = [
      ["figure", ...w.cells.map((c) => c.label)],
      ["status", ...w.cells.map((c) => c.status)],
      ...w.figureNames.map((name) => [name, ...w.cells.map((c) => formatFigure(name, c.figures[name]))]),
    ];
    out.push(columns(rows));
    for (const c of w.cells) if (c.status !== "ok") out.push(`  • ${c.cellId}: ${c.message}`);
    for (const c of w.cells)
      for (const p of c.timelineProblems) out.push(`  • ${c.cellId}: stored timeline unreadable (${p})`);
  }
  return out.join("\n");
}
