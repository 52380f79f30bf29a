import type { FixedShapeWorkload } from "../fixed-shape-figures.ts";
import { chartStyle } from "./chart-style.ts";

/** The series service/workloads/queue-drain.ts reports. */
export const BACKLOG_SERIES = "backlogMessages";

/** Backlog over time, a line per cell, and a dashed line where production stopped. */
export function backlogOverTime(w: FixedShapeWorkload): Record<string, unknown> {
  const cells = w.cells.filter((c) => (c.timelines[BACKLOG_SERIES]?.length ?? 0) > 0);
  const datasets: Array<Record<string, unknown>> = cells.map((c, i) => ({
    label: c.label,
    data: (c.timelines[BACKLOG_SERIES] ?? []).map(([atMs, backlog]) => ({
      x: Number((atMs / 1000).toFixed(2)),
      y: backlog,
    })),
    borderColor: chartStyle.color(i),
    backgroundColor: chartStyle.color(i),
    showLine: true,
    pointRadius: 2,
  }));
  const top = Math.max(
    1,
    ...cells.flatMap((c) => (c.timelines[BACKLOG_SERIES] ?? []).map(([, backlog]) => backlog)),
  );
  const ends = [
    ...new Set(cells.flatMap((c) => (c.figures.produceMs === undefined ? [] : [c.figures.produceMs]))),
  ];
  for (const produceMs of ends)
    datasets.push(
      chartStyle.referenceLine(
        `production ends (${(produceMs / 1000).toFixed(1)} s)`,
        { x: produceMs / 1000, y: 0 },
        { x: produceMs / 1000, y: top },
        "#6b7280",
      ),
    );
  return {
    type: "scatter",
    data: { datasets },
    options: {
      scales: {
        x: chartStyle.axis("seconds since production began", { type: "linear", beginAtZero: true }),
        y: chartStyle.axis("backlog (messages)", { beginAtZero: true }),
      },
    },
  };
}
