import type { CellRecord } from "../results/cell-record.ts";
import { fixedShapeFigures, formatFigure } from "./fixed-shape-figures.ts";

const esc = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** report.html's sections for fixed-shape workloads: one table per scenario, a row per figure, a column per cell. */
export function fixedShapeHtml(records: CellRecord[]): string {
  return fixedShapeFigures(records)
    .map((w) => {
      const head = `<tr><th>figure</th>${w.cells.map((c) => `<th>${esc(c.label)}</th>`).join("")}</tr>`;
      const status = `<tr><td>status</td>${w.cells.map((c) => `<td>${esc(c.status)}</td>`).join("")}</tr>`;
      const rows = w.figureNames
        .map(
          (name) =>
            `<tr><td>${esc(name)}</td>${w.cells.map((c) => `<td>${esc(formatFigure(name, c.figures[name]))}</td>`).join("")}</tr>`,
        )
        .join("");
      const failures = w.cells
        .filter((c) => c.status !== "ok")
        .map((c) => `<li>${esc(c.cellId)}: ${esc(c.message)}</li>`)
        .join("");
      return `<section id="${esc(w.scenario)}"><h2>${esc(w.scenario)} (fixed-shape workload)</h2><p class="muted">No ceiling search: the figures of one run per repetition (median), units in their names.</p><table>${head}${status}${rows}</table><ul class="findings">${failures}</ul></section>`;
    })
    .join("");
}
