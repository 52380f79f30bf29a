import type { CellRecord } from "../results/cell-record.ts";
import type { ScenarioSizing } from "../sizing/sizing-report.ts";
import { ceilingVsCpu } from "./charts/ceiling-chart.ts";
import { costVsCeiling } from "./charts/cost-chart.ts";
import { memoryVsLimit } from "./charts/memory-chart.ts";
import { p99VsLoad } from "./charts/p99-chart.ts";
import { smolVsDefault } from "./charts/smol-chart.ts";
import { measureLabels } from "./measure-labels.ts";

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
  ];
  return specs.flatMap((spec) => (spec.config === null ? [] : [{ ...spec, config: spec.config }]));
}
