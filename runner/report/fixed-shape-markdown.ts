import type { CellRecord } from "../results/cell-record.ts";
import { fixedShapeFigures, formatFigure } from "./fixed-shape-figures.ts";
import { workloadSummary } from "./workload-summary.ts";

const cellText = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
const row = (cells: string[]) => `| ${cells.map(cellText).join(" | ")} |`;

/** report.md's section for fixed-shape workloads (connection storm, backlog and drain): figures per cell. */
export function fixedShapeMarkdown(records: CellRecord[]): string {
  const workloads = fixedShapeFigures(records);
  if (workloads.length === 0) return "";
  const out = ["## Fixed-shape workloads", ""];
  for (const w of workloads) {
    const summary = workloadSummary(w);
    out.push(`### ${w.scenario}${summary ? `: ${summary.title.toLowerCase()}` : ""}`, "");
    if (summary)
      out.push(
        summary.note,
        "",
        row(summary.header),
        row(summary.header.map(() => "---")),
        ...summary.rows.map(row),
        "",
        "All figures:",
        "",
      );
    out.push(row(["figure", ...w.cells.map((c) => c.label)]), `|---|${w.cells.map(() => "---").join("|")}|`);
    out.push(row(["status", ...w.cells.map((c) => c.status)]));
    for (const name of w.figureNames)
      out.push(row([name, ...w.cells.map((c) => formatFigure(name, c.figures[name]))]));
    out.push(
      "",
      ...w.cells.filter((c) => c.status !== "ok").map((c) => `- ${c.cellId}: ${cellText(c.message)}`),
      ...w.cells.flatMap((c) =>
        c.timelineProblems.map((p) => `- ${c.cellId}: stored timeline unreadable (${cellText(p)})`),
      ),
      "",
    );
  }
  return out.join("\n");
}
