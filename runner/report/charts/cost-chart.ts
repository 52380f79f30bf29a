import type { CellSizing } from "../../sizing/cell-sizing.ts";
import type { ScenarioSizing } from "../../sizing/sizing-report.ts";
import { fmt, measureLabels } from "../fmt.ts";
import { chartStyle } from "./chart-style.ts";

/** Cost per hour at the target against the planning ceiling; the recommendation is a star; null when none is priced. */
export function costVsCeiling(s: ScenarioSizing): Record<string, unknown> | null {
  const priced = s.cells.filter((c) => c.costPerHourUsd !== null && c.ceilingPerSec);
  if (priced.length === 0) return null;
  const point = (c: CellSizing) => ({
    x: Math.round(c.planningCeilingPerSec ?? c.ceilingPerSec?.median ?? 0),
    y: Number((c.costPerHourUsd ?? 0).toFixed(4)),
    label: fmt.shortSize(c),
  });
  const rec = priced.find((c) => c.cellId === s.recommendation?.cellId);
  return {
    type: "scatter",
    data: {
      datasets: [
        ...(rec
          ? [
              {
                label: `recommended: ${fmt.shortSize(rec)}`,
                data: [point(rec)],
                pointStyle: "star",
                pointRadius: 16,
                pointBorderWidth: 3,
                borderColor: "#dc2626",
                backgroundColor: "#dc2626",
              },
            ]
          : []),
        {
          label: "eligible",
          data: priced.filter((c) => c.eligible).map(point),
          backgroundColor: "#2563eb",
          borderColor: "#2563eb",
          pointRadius: 5,
        },
        {
          label: "not eligible",
          data: priced.filter((c) => !c.eligible).map(point),
          backgroundColor: "#9ca3af",
          borderColor: "#9ca3af",
          pointRadius: 5,
          pointStyle: "crossRot",
        },
      ],
    },
    options: {
      scales: {
        x: chartStyle.axis(`planning ceiling per instance (${measureLabels.unit(s)})`),
        y: chartStyle.axis("cost at target ($/hour)"),
      },
    },
  };
}
