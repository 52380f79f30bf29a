import type { ScenarioSizing } from "../../sizing/sizing-report.ts";
import { fmt, measureLabels } from "../fmt.ts";
import { chartStyle } from "./chart-style.ts";

/**
 * Each cell's latency-against-load curve as the autoscaler reads it: requests in flight (Little's law, solid, left
 * axis) and the service's CPU as a share of its quota (dashed, right axis) against the delivered rate. null when no
 * cell kept a curve.
 */
export function loadCurveChart(s: ScenarioSizing): Record<string, unknown> | null {
  const cells = s.cells.filter((c) => c.status === "ok" && (c.loadCurve?.length ?? 0) > 0);
  if (cells.length === 0) return null;
  const datasets = cells.flatMap((c, i) => {
    const curve = c.loadCurve ?? [];
    const hidden = c.smol || !c.deployability.deployable;
    const color = chartStyle.color(i);
    const cpu = curve.flatMap((p) =>
      p.cpuCores === null ? [] : [{ x: Math.round(p.perSec), y: p.cpuCores / c.cpus }],
    );
    return [
      {
        label: `${fmt.shortSize(c)} in flight`,
        data: curve.map((p) => ({ x: Math.round(p.perSec), y: p.inFlightMean })),
        borderColor: color,
        backgroundColor: color,
        showLine: true,
        yAxisID: "y",
        hidden,
      },
      ...(cpu.length === 0
        ? []
        : [
            {
              label: `${fmt.shortSize(c)} CPU ÷ quota`,
              data: cpu,
              borderColor: color,
              backgroundColor: color,
              borderDash: [6, 3],
              showLine: true,
              yAxisID: "cpu",
              hidden,
            },
          ]),
    ];
  });
  return {
    type: "scatter",
    data: { datasets },
    options: {
      plugins: { legend: { position: "right" } },
      scales: {
        x: chartStyle.axis(`delivered load (${measureLabels.unit(s)})`),
        y: chartStyle.axis("requests in flight (rate × mean latency)"),
        cpu: chartStyle.axis("CPU ÷ quota", { position: "right", min: 0, grid: { drawOnChartArea: false } }),
      },
    },
  };
}
