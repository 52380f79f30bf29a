import type { FixedShapeWorkload } from "../fixed-shape-figures.ts";
import { chartStyle } from "./chart-style.ts";

const KIB = 1024;

/** Per cell: connected and failed sockets stacked (left axis), the time until all were connected (right axis). */
export function stormConnections(w: FixedShapeWorkload): Record<string, unknown> {
  const cells = w.cells.filter((c) => c.figures.connectedCount !== undefined);
  return {
    type: "bar",
    data: {
      labels: cells.map((c) => c.label),
      datasets: [
        {
          label: "connected",
          data: cells.map((c) => c.figures.connectedCount ?? 0),
          backgroundColor: "#2563eb",
          stack: "sockets",
          yAxisID: "y",
        },
        {
          label: "failed",
          data: cells.map((c) => c.figures.failedCount ?? 0),
          backgroundColor: "#dc2626",
          stack: "sockets",
          yAxisID: "y",
        },
        {
          type: "line",
          label: "all connected after (ms)",
          data: cells.map((c) => (c.figures.connectedCount ? (c.figures.allConnectedMs ?? null) : null)),
          borderColor: "#111827",
          backgroundColor: "#f59e0b",
          borderWidth: 2,
          showLine: false,
          pointStyle: "rectRot",
          pointRadius: 9,
          yAxisID: "y1",
          order: -1, // drawn over the bars
        },
      ],
    },
    options: {
      scales: {
        x: { stacked: true },
        y: chartStyle.axis("connections", { beginAtZero: true, stacked: true, position: "left" }),
        y1: chartStyle.axis("ms until all connected", {
          beginAtZero: true,
          position: "right",
          grid: { drawOnChartArea: false },
        }),
      },
    },
  };
}

/** Per cell: the service's memory per held connection, in KiB. */
export function stormMemory(w: FixedShapeWorkload): Record<string, unknown> {
  const cells = w.cells.filter((c) => c.figures.memoryPerConnectionBytes !== undefined);
  return {
    type: "bar",
    data: {
      labels: cells.map((c) => c.label),
      datasets: [
        {
          label: "memory per connection (KiB)",
          data: cells.map((c) => Number(((c.figures.memoryPerConnectionBytes ?? 0) / KIB).toFixed(2))),
          backgroundColor: "#9333ea",
        },
      ],
    },
    options: { scales: { y: chartStyle.axis("KiB per connection", { beginAtZero: true }) } },
  };
}
