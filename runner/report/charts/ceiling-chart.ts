import type { CellSizing, ScenarioSizing } from "../../sizing/sizing-report.ts";
import { MIB } from "../../units/bytes.ts";
import { measureLabels } from "../measure-labels.ts";
import { chartStyle } from "./chart-style.ts";

/** Ceiling per instance against vCPU, one line per memory size (dashed: --smol). */
export function ceilingVsCpu(s: ScenarioSizing): Record<string, unknown> {
  const groups = new Map<string, CellSizing[]>();
  for (const c of s.cells.filter((c) => c.ceilingPerSec)) {
    const key = `${Math.round(c.memoryBytes / MIB)} MiB${c.smol ? " --smol" : ""}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const datasets = [...groups.entries()].map(([label, cells], i) => ({
    label,
    data: cells
      .sort((a, b) => a.cpus - b.cpus)
      .map((c) => ({ x: c.cpus, y: Math.round(c.ceilingPerSec?.median ?? 0) })),
    borderColor: chartStyle.color(i),
    backgroundColor: chartStyle.color(i),
    borderDash: label.endsWith("--smol") ? [6, 4] : [],
    showLine: true,
  }));
  return {
    type: "scatter",
    data: { datasets },
    options: {
      scales: {
        x: chartStyle.axis("vCPU", { type: "linear" }),
        y: chartStyle.axis(`ceiling (${measureLabels.unit(s)} per instance)`, { beginAtZero: true }),
      },
    },
  };
}
