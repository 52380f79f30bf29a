import type { CellRecord } from "../results/cell-record.ts";
import { chartFigure } from "./chart-figure.ts";
import type { ChartSpec } from "./chart-specs.ts";
import { fixedShapeCharts } from "./fixed-shape-charts.ts";
import { type FixedShapeWorkload, fixedShapeFigures, formatFigure } from "./fixed-shape-figures.ts";
import { esc } from "./html-escape.ts";
import { workloadSummary } from "./workload-summary.ts";

const table = (header: string[], rows: string[][]) =>
  `<div class="scroll"><table><tr>${header.map((h) => `<th>${esc(h)}</th>`).join("")}</tr>${rows
    .map((row) => `<tr>${row.map((cell) => `<td>${esc(cell)}</td>`).join("")}</tr>`)
    .join("")}</table></div>`;

/** Every figure, a row per figure and a column per cell. */
function allFigures(w: FixedShapeWorkload): string {
  const header = ["figure", ...w.cells.map((c) => c.label)];
  const rows = [
    ["status", ...w.cells.map((c) => c.status)],
    ...w.figureNames.map((name) => [name, ...w.cells.map((c) => formatFigure(name, c.figures[name]))]),
  ];
  return table(header, rows);
}

/** report.html's sections for fixed-shape workloads: a headline table and charts where the workload is known, all figures, failures. */
export function fixedShapeHtml(records: CellRecord[]): { html: string; specs: ChartSpec[] } {
  const sections = fixedShapeFigures(records).map((w, index) => {
    const summary = workloadSummary(w);
    const specs = fixedShapeCharts(w, index);
    const problems = w.cells.flatMap((c) =>
      c.timelineProblems.map((p) => `${c.cellId}: stored timeline unreadable (${p})`),
    );
    const failures = [
      ...w.cells.filter((c) => c.status !== "ok").map((c) => `${c.cellId}: ${c.message}`),
      ...problems,
    ];
    const html = `<section id="${esc(w.scenario)}"><h2>${esc(w.scenario)}${summary ? `: ${esc(summary.title.toLowerCase())}` : ""} (fixed-shape workload)</h2>
<p class="muted">No ceiling search: the figures of one run per repetition (median), units in their names.${summary ? ` ${esc(summary.note)}` : ""}</p>
${summary ? table(summary.header, summary.rows) : ""}${specs.length ? `<div class="grid" style="margin-top:12px">${specs.map(chartFigure).join("")}</div>` : ""}
<h3 style="margin-top:16px">All figures</h3>${allFigures(w)}<ul class="findings">${failures.map((f) => `<li>${esc(f)}</li>`).join("")}</ul></section>`;
    return { html, specs };
  });
  return { html: sections.map((s) => s.html).join(""), specs: sections.flatMap((s) => s.specs) };
}
