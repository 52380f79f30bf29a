import type { CellRecord } from "../results/cell-record.ts";
import { fixedShapeFigures, formatFigure } from "./fixed-shape-figures.ts";

/** Padded columns: the figure names left-aligned, the values right-aligned under each cell's label. */
function columns(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return rows
    .map((row) =>
      row.map((text, i) => (i === 0 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0))),
    )
    .map((row) => `  ${row.join("   ")}`)
    .join("\n");
}

/** The terminal view of fixed-shape workloads: per scenario, one row per figure, one column per cell. */
export function fixedShapeTerminal(records: CellRecord[]): string {
  const out: string[] = [];
  for (const w of fixedShapeFigures(records)) {
    out.push(`\n== ${w.scenario} (fixed-shape workload, no ceiling search; units in the figure names) ==`);
    const rows = [
      ["figure", ...w.cells.map((c) => c.label)],
      ["status", ...w.cells.map((c) => c.status)],
      ...w.figureNames.map((name) => [name, ...w.cells.map((c) => formatFigure(name, c.figures[name]))]),
    ];
    out.push(columns(rows));
    for (const c of w.cells) if (c.status !== "ok") out.push(`  • ${c.cellId}: ${c.message}`);
  }
  return out.join("\n");
}
