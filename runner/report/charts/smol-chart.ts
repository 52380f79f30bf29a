import type { CellSizing } from "../../sizing/cell-sizing.ts";
import type { ScenarioSizing } from "../../sizing/sizing-report.ts";
import { MIB } from "../../units/units.ts";
import { fmt, measureLabels } from "../fmt.ts";
import { chartStyle } from "./chart-style.ts";

/** Ceiling bars and peak-memory points, --smol next to default; null when no cell has a --smol twin. */
export function smolVsDefault(s: ScenarioSizing): Record<string, unknown> | null {
  const pairs = s.cells
    .filter((c) => c.smolDelta)
    .map((smol) => ({
      smol,
      base: s.cells.find((c) => c.cellId === smol.smolDelta?.baselineCellId) as CellSizing,
    }));
  if (pairs.length === 0) return null;
  const labels = pairs.map((p) => fmt.shortSize({ ...p.base, smol: false }));
  const ceiling = (c: CellSizing) => Math.round(c.ceilingPerSec?.median ?? 0);
  const mem = (c: CellSizing) => Math.round((c.peakMemoryBytes ?? 0) / MIB);
  return {
    type: "bar",
    data: {
      labels,
      datasets: [
        {
          label: "ceiling, default",
          data: pairs.map((p) => ceiling(p.base)),
          backgroundColor: "#2563eb",
          yAxisID: "y",
        },
        {
          label: "ceiling, --smol",
          data: pairs.map((p) => ceiling(p.smol)),
          backgroundColor: "#93c5fd",
          yAxisID: "y",
        },
        {
          type: "line",
          label: "peak MiB, default",
          data: pairs.map((p) => mem(p.base)),
          borderColor: "#dc2626",
          backgroundColor: "#dc2626",
          showLine: false,
          pointRadius: 6,
          yAxisID: "y1",
        },
        {
          type: "line",
          label: "peak MiB, --smol",
          data: pairs.map((p) => mem(p.smol)),
          borderColor: "#f59e0b",
          backgroundColor: "#f59e0b",
          showLine: false,
          pointRadius: 6,
          pointStyle: "rectRot",
          yAxisID: "y1",
        },
      ],
    },
    options: {
      scales: {
        y: chartStyle.axis(`ceiling (${measureLabels.unit(s)})`, { beginAtZero: true, position: "left" }),
        y1: chartStyle.axis("peak memory (MiB)", {
          beginAtZero: true,
          position: "right",
          grid: { drawOnChartArea: false },
        }),
      },
    },
  };
}
