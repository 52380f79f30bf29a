import type { ScenarioSizing } from "../../sizing/sizing-report.ts";
import { MIB } from "../../units/units.ts";
import { fmt } from "../fmt.ts";
import { chartStyle } from "./chart-style.ts";

/** Peak memory bars coloured by OOM risk, with each cell's limit marked; null when no peak was measured. */
export function memoryVsLimit(s: ScenarioSizing): Record<string, unknown> | null {
  const cells = s.cells.filter((c) => c.peakMemoryBytes !== null);
  if (cells.length === 0) return null;
  return {
    type: "bar",
    data: {
      labels: cells.map(fmt.shortSize),
      datasets: [
        {
          label: "peak memory (MiB)",
          data: cells.map((c) => Math.round((c.peakMemoryBytes ?? 0) / MIB)),
          backgroundColor: cells.map((c) =>
            c.oomRisk === "high" ? "#dc2626" : c.oomRisk === "medium" ? "#f59e0b" : "#2563eb",
          ),
        },
        {
          type: "line",
          label: "limit (MiB)",
          data: cells.map((c) => Math.round(c.memoryBytes / MIB)),
          borderColor: "#111827",
          backgroundColor: "#111827",
          showLine: false,
          pointStyle: "line",
          pointRadius: 14,
          pointBorderWidth: 3,
        },
      ],
    },
    options: { scales: { y: chartStyle.axis("MiB", { beginAtZero: true }) } },
  };
}
