import Table from "cli-table3";
import type { CellRecord } from "../results/cell-record.ts";
import { fixedShapeFigures, formatFigure } from "./fixed-shape-figures.ts";

/** The terminal view of fixed-shape workloads: per scenario, one row per figure, one column per cell. */
export function fixedShapeTerminal(records: CellRecord[]): string {
  const out: string[] = [];
  for (const w of fixedShapeFigures(records)) {
    out.push(`\n== ${w.scenario} (fixed-shape workload, no ceiling search; units in the figure names) ==`);
    const table = new Table({
      head: ["figure", ...w.cells.map((c) => c.label)],
      style: { head: [], border: [], compact: true },
    });
    table.push(["status", ...w.cells.map((c) => c.status)]);
    for (const name of w.figureNames)
      table.push([name, ...w.cells.map((c) => formatFigure(name, c.figures[name]))]);
    out.push(table.toString());
    for (const c of w.cells) if (c.status !== "ok") out.push(`  • ${c.cellId}: ${c.message}`);
  }
  return out.join("\n");
}
