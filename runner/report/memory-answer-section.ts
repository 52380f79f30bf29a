import { formatMemorySize } from "../config/memory-size.ts";
import type { MemoryAnswer } from "../sizing/memory-answer.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";
import type { ChartSpec } from "./charts/chart-specs.ts";

const MIB = 2 ** 20;
const pct = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)}%`);

/** One line per searched cell, then its margins and first failures: the terminal's and report.md's lines. */
export function memoryAnswerLines(report: SizingReport): string[] {
  return (report.memoryAnswers ?? []).flatMap((a) => [
    a.text,
    ...detail(a, false, a.marginShare, a.firstFailing),
    ...detail(a, true, a.smolMarginShare, a.smolFirstFailing),
  ]);
}

function detail(a: MemoryAnswer, smol: boolean, margin: number | null, failing: string | null): string[] {
  if (!a.points.some((p) => p.smol === smol)) return [];
  const which = smol ? "with --smol" : "without --smol";
  return [
    `  ${which}: peak ${pct(margin)} of the limit; first size that failed: ${failing ?? "none (the smallest searched held)"}`,
  ];
}

/** The chart: peak RSS and the limit against memory, both --smol settings; the ceiling where it was measured. */
export function memoryAnswerChart(a: MemoryAnswer, id: string): ChartSpec {
  const sizes = [...new Set(a.points.map((p) => p.memoryBytes))].sort((x, y) => x - y);
  const series = (smol: boolean, figure: (p: MemoryAnswer["points"][number]) => number | null) =>
    sizes.map((size) => {
      const point = a.points.find((p) => p.memoryBytes === size && p.smol === smol);
      return point ? figure(point) : null;
    });
  const peak = (p: MemoryAnswer["points"][number]) =>
    p.peakMemoryBytes === null ? null : Math.round(p.peakMemoryBytes / MIB);
  const line = (label: string, data: Array<number | null>, color: string, axis: string, dash?: number[]) => ({
    type: "line",
    label,
    data,
    borderColor: color,
    backgroundColor: color,
    yAxisID: axis,
    spanGaps: true,
    ...(dash ? { borderDash: dash } : {}),
  });
  return {
    id,
    title: `Smallest memory: ${a.scenario}, ${a.cpus} vCPU`,
    caption:
      "Peak RSS of each size soaked, with and without --smol, against its limit (grey); crosses failed (OOM or memory pressure). The ceiling was measured at the largest size.",
    wide: true,
    config: {
      type: "line",
      data: {
        labels: sizes.map(formatMemorySize),
        datasets: [
          line("peak MiB, default", series(false, peak), "#dc2626", "y"),
          line("peak MiB, --smol", series(true, peak), "#f59e0b", "y"),
          line(
            "limit MiB",
            sizes.map((s) => Math.round(s / MIB)),
            "#6b7280",
            "y",
            [6, 4],
          ),
          line(
            "ceiling, default",
            series(false, (p) => p.ceilingPerSec),
            "#2563eb",
            "ceiling",
          ),
          line(
            "ceiling, --smol",
            series(true, (p) => p.ceilingPerSec),
            "#93c5fd",
            "ceiling",
          ),
          {
            type: "scatter",
            label: "failed",
            data: a.points
              .filter((p) => !p.holds)
              .map((p) => ({
                x: formatMemorySize(p.memoryBytes),
                y: peak(p) ?? Math.round(p.memoryBytes / MIB),
              })),
            pointStyle: "crossRot",
            pointRadius: 8,
            borderColor: "#111827",
            yAxisID: "y",
          },
        ],
      },
      options: {
        scales: {
          y: { title: { display: true, text: "MiB" }, beginAtZero: true },
          ceiling: { position: "right", title: { display: true, text: "ceiling /s" }, beginAtZero: true },
        },
      },
    },
  };
}
