import type { CellRecord } from "../../results/cell-record.ts";
import type { ScenarioSizing } from "../../sizing/sizing-report.ts";
import type { FixedShapeWorkload } from "../fixed-shape-figures.ts";
import { measureLabels } from "../fmt.ts";
import { BACKLOG_SERIES, backlogOverTime } from "./backlog-chart.ts";
import { ceilingVsCpu } from "./ceiling-chart.ts";
import { costVsCeiling } from "./cost-chart.ts";
import { loadCurveChart } from "./load-curve-chart.ts";
import { memoryVsLimit } from "./memory-chart.ts";
import { p99VsLoad } from "./p99-chart.ts";
import { smolVsDefault } from "./smol-chart.ts";
import { stormConnections, stormMemory } from "./storm-chart.ts";

/** One chart: a title, one sentence on how to read it, and a JSON-only Chart.js config. */
export interface ChartSpec {
  id: string;
  title: string;
  caption: string;
  config: Record<string, unknown>;
  /** Spans the full row: charts with many series. */
  wide?: boolean;
}

/** The charts of one scenario that have data (an empty chart is left out, not drawn blank). */
export function chartSpecs(s: ScenarioSizing, records: Map<string, CellRecord>, index: number): ChartSpec[] {
  const id = (name: string) => `chart-${index}-${name}`;
  const specs: Array<Omit<ChartSpec, "config"> & { config: Record<string, unknown> | null }> = [
    {
      id: id("ceiling"),
      title: "Planning ceiling vs vCPU",
      caption:
        "One line per memory size and concurrency; error bars span the repetitions. A flat line means more CPUs do not help.",
      config: ceilingVsCpu(s),
    },
    {
      id: id("memory"),
      title: "Peak memory vs limit",
      caption: "Bars: peak memory (red = high OOM risk, amber = medium); black marks: the limit.",
      config: memoryVsLimit(s),
    },
    {
      id: id("smol"),
      title: "--smol vs default",
      caption: "Bars: ceiling (left axis); points: peak memory (right axis).",
      config: smolVsDefault(s),
    },
    {
      id: id("cost"),
      title: "Cost vs ceiling",
      caption:
        "Cost per hour at the target load against one instance's ceiling; the star is the recommendation.",
      config: costVsCeiling(s),
    },
    {
      id: id("p99"),
      title: `${measureLabels.p99(s)} vs offered load`,
      caption:
        "Each cell's load steps; the red dashed line is the SLO, triangles mark the knee. Click legend entries to show --smol or non-deployable cells.",
      config: p99VsLoad(s, records),
      wide: true,
    },
    {
      id: id("curve"),
      title: "In flight and CPU vs load",
      caption:
        "What Cloud Run's autoscaler reads: requests in flight (solid, left) against the concurrency target, CPU ÷ quota (dashed, right) against the CPU target. The rule whose line reaches its target first binds.",
      config: loadCurveChart(s),
      wide: true,
    },
  ];
  return specs.flatMap((spec) => (spec.config === null ? [] : [{ ...spec, config: spec.config }]));
}

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
