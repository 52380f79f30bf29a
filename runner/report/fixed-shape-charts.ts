import type { ChartSpec } from "./chart-specs.ts";
import { BACKLOG_SERIES, backlogOverTime } from "./charts/backlog-chart.ts";
import { stormConnections, stormMemory } from "./charts/storm-chart.ts";
import type { FixedShapeWorkload } from "./fixed-shape-figures.ts";

/** The charts of one fixed-shape workload, where its figures allow one (none for a workload the report does not know). */
export function fixedShapeCharts(w: FixedShapeWorkload, index: number): ChartSpec[] {
  const id = (name: string) => `chart-fixed-${index}-${name}`;
  if (w.workload === "connection-storm") {
    const specs: ChartSpec[] = [];
    if (w.cells.some((c) => c.figures.connectedCount !== undefined))
      specs.push({
        id: id("connections"),
        title: "Connections per cell",
        caption:
          "Bars: sockets connected (blue) and failed (red) of those asked for; amber diamonds: ms until all were connected (right axis).",
        config: stormConnections(w),
      });
    if (w.cells.some((c) => c.figures.memoryPerConnectionBytes !== undefined))
      specs.push({
        id: id("memory"),
        title: "Memory per connection",
        caption: "The service's memory during the hold minus before the storm, per connected socket.",
        config: stormMemory(w),
      });
    return specs;
  }
  if (w.workload === "queue-drain" && w.cells.some((c) => c.timelines[BACKLOG_SERIES]?.length)) {
    const reps = [...new Set(w.cells.map((c) => c.timelineRepetition).filter((r) => r !== null))];
    return [
      {
        id: id("backlog"),
        title: "Backlog over time",
        caption: `The subscription's backlog sampled every 100 ms (each point the highest of its slice, at most 60), from ${reps.length === 1 && reps[0] === 0 ? "each cell's first repetition" : "one repetition per cell"}; it grows while creation outpaces processing and drains after the dashed line.`,
        config: backlogOverTime(w),
        wide: true,
      },
    ];
  }
  return [];
}
