import type { LoadStep } from "../../../contract/result.ts";
import type { CellRecord } from "../../results/cell-record.ts";
import { stepAtCeiling } from "../../results/step-at-ceiling.ts";
import type { ScenarioSizing } from "../../sizing/sizing-report.ts";
import { fmt, measureLabels } from "../fmt.ts";
import { chartStyle } from "./chart-style.ts";

// The closed-loop probe has no offered rate of its own (offered = achieved), so it is not a point on the curve.
const stepsOf = (record: CellRecord | undefined): LoadStep[] =>
  (record?.repetitions.find((r) => r.result?.steps.length)?.result?.steps ?? [])
    .filter((step) => step.phase !== "probe")
    .sort((a, b) => a.offeredPerSec - b.offeredPerSec);

/** p99 against offered load from each cell's load steps, with the SLO line and the knees; null without steps. */
export function p99VsLoad(
  s: ScenarioSizing,
  records: Map<string, CellRecord>,
): Record<string, unknown> | null {
  const cells = s.cells.filter((c) => c.status === "ok" && stepsOf(records.get(c.cellId)).length > 0);
  if (cells.length === 0) return null;
  const datasets: Array<Record<string, unknown>> = cells.map((c, i) => ({
    label: fmt.shortSize(c),
    data: stepsOf(records.get(c.cellId)).map((st) => ({
      x: Math.round(st.offeredPerSec),
      y: st.latency.p99Ms,
    })),
    borderColor: chartStyle.color(i),
    backgroundColor: chartStyle.color(i),
    showLine: true,
    hidden: c.smol || !c.deployability.deployable,
  }));
  const knees = cells.flatMap((c) => {
    const knee = records.get(c.cellId)?.repetitions.find((r) => r.result?.ceiling?.kneePerSec)?.result
      ?.ceiling?.kneePerSec;
    const steps = stepsOf(records.get(c.cellId));
    if (!knee || steps.length === 0) return [];
    const nearest = [...steps].sort(
      (a, b) => Math.abs(a.offeredPerSec - knee) - Math.abs(b.offeredPerSec - knee),
    )[0];
    return [{ x: Math.round(knee), y: nearest?.latency.p99Ms ?? s.sloP99Ms }];
  });
  // The same confirming step the tables and the progress line report as "p99 at the ceiling".
  const ceilings = cells.flatMap((c) => {
    const result = records.get(c.cellId)?.repetitions.find((r) => r.result?.steps.length)?.result;
    const step = result ? stepAtCeiling(result)?.step : null;
    return step ? [{ x: Math.round(step.offeredPerSec), y: step.latency.p99Ms }] : [];
  });
  const maxX = Math.max(1, ...datasets.flatMap((d) => (d.data as Array<{ x: number }>).map((p) => p.x)));
  datasets.push({
    label: "knee",
    data: knees,
    pointStyle: "triangle",
    pointRadius: 7,
    borderColor: "#111827",
    backgroundColor: "#111827",
  });
  datasets.push({
    label: "ceiling (confirming step)",
    data: ceilings,
    pointStyle: "rectRot",
    pointRadius: 7,
    borderColor: "#16a34a",
    backgroundColor: "#16a34a",
  });
  datasets.push(
    chartStyle.referenceLine(
      `SLO ${measureLabels.p99(s)} ${s.sloP99Ms} ms`,
      { x: 0, y: s.sloP99Ms },
      { x: maxX, y: s.sloP99Ms },
      "#dc2626",
    ),
  );
  return {
    type: "scatter",
    data: { datasets },
    options: {
      plugins: { legend: { position: "right" } },
      scales: {
        x: chartStyle.axis(`offered load (${measureLabels.unit(s)})`),
        y: chartStyle.axis(`${measureLabels.p99(s)} latency (ms, log)`, { type: "logarithmic" }),
      },
    },
  };
}
