import type { CellSizing } from "../../sizing/cell-sizing.ts";
import type { ScenarioSizing } from "../../sizing/sizing-report.ts";
import { MIB } from "../../units/units.ts";
import { measureLabels } from "../fmt.ts";
import { chartStyle } from "./chart-style.ts";

const planningOf = (c: CellSizing) => c.planningCeilingPerSec ?? c.ceilingPerSec?.median ?? null;

/**
 * Planning ceiling per instance against vCPU, one line per memory size and concurrency (dashed: --smol), an error
 * bar over each point's repetitions (yMin–yMax, drawn by report-html's errorBars plugin). null: no cell has one.
 */
export function ceilingVsCpu(s: ScenarioSizing): Record<string, unknown> | null {
  const groups = new Map<string, CellSizing[]>();
  for (const c of s.cells.filter((c) => planningOf(c) !== null)) {
    const conc = typeof c.concurrency === "number" ? ` · concurrency ${c.concurrency}` : "";
    const key = `${Math.round(c.memoryBytes / MIB)} MiB${conc}${c.smol ? " --smol" : ""}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  if (groups.size === 0) return null;
  const datasets = [...groups.entries()].map(([label, cells], i) => ({
    label,
    data: cells
      .sort((a, b) => a.cpus - b.cpus)
      .map((c) => ({
        x: c.cpus,
        y: Math.round(planningOf(c) ?? 0),
        ...(c.spread ? { yMin: Math.round(c.spread.minPerSec), yMax: Math.round(c.spread.maxPerSec) } : {}),
      })),
    borderColor: chartStyle.color(i),
    backgroundColor: chartStyle.color(i),
    borderDash: label.endsWith("--smol") ? [6, 4] : [],
    showLine: true,
    errorBars: true,
  }));
  return {
    type: "scatter",
    data: { datasets },
    options: {
      scales: {
        x: chartStyle.axis("vCPU", { type: "linear" }),
        y: chartStyle.axis(`planning ceiling (${measureLabels.unit(s)} per instance)`, { beginAtZero: true }),
      },
    },
  };
}
