import type { CellRecord } from "../results/cell-record.ts";
import { fixedShapeFigures, formatFigure } from "./fixed-shape-figures.ts";

const cellText = (text: string) => text.replaceAll("|", "\\|");

/** report.md's section for fixed-shape workloads (connection storm, backlog and drain): figures per cell. */
export function fixedShapeMarkdown(records: CellRecord[]): string {
  const workloads = fixedShapeFigures(records);
  if (workloads.length === 0) return "";
  const out = ["## Fixed-shape workloads", ""];
  for (const w of workloads) {
    out.push(`### ${w.scenario}`, "", `| figure | ${w.cells.map((c) => cellText(c.label)).join(" | ")} |`);
    out.push(`|---|${w.cells.map(() => "---").join("|")}|`);
    out.push(`| status | ${w.cells.map((c) => c.status).join(" | ")} |`);
    for (const name of w.figureNames)
      out.push(`| ${name} | ${w.cells.map((c) => formatFigure(name, c.figures[name])).join(" | ")} |`);
    out.push(
      "",
      ...w.cells.filter((c) => c.status !== "ok").map((c) => `- ${c.cellId}: ${cellText(c.message)}`),
      "",
    );
  }
  return out.join("\n");
}
