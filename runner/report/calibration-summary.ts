import type { CellSizing } from "../sizing/cell-sizing.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";
import { fmt } from "./fmt.ts";

export const CALIBRATION_HEADER = [
  "cell",
  "local ceiling",
  "Cloud Run ceiling",
  "ratio applied",
  "source (file, date, environment)",
  "how",
];

/** One row: a calibrated cell, or a cell cloudRun.targetProbe converted or left as measured. */
function row(c: CellSizing, report: SizingReport): string[] {
  if (c.calibration) {
    const k = c.calibration;
    return [
      c.cellId,
      fmt.rate(c.localPlanningCeilingPerSec ?? null),
      fmt.rate(c.planningCeilingPerSec ?? null),
      `× ${k.appliedRatio.toFixed(3)}${k.probeScale === null ? "" : ` (${k.ratio.toFixed(3)} × probe ${k.probeScale.toFixed(3)})`}`,
      `${k.file}, ${k.takenAt.slice(0, 10)}, ${k.executionEnvironment ?? "environment not stated"}`,
      k.note,
    ];
  }
  const p = c.probeConversion;
  const target = report.settings.targetProbe;
  return [
    c.cellId,
    fmt.rate(c.localPlanningCeilingPerSec ?? c.planningCeilingPerSec ?? null),
    fmt.rate(c.planningCeilingPerSec ?? null),
    p?.factor ? `× ${p.factor.toFixed(3)}` : "–",
    target ? `cloudRun.targetProbe ${target.composite} (${target.executionEnvironment})` : "–",
    p?.note ?? "",
  ];
}

/**
 * Local and Cloud Run ceilings side by side, one row per calibrated or probe-converted cell, for every exporter;
 * null: no cell has either.
 */
export function calibrationSummary(
  report: SizingReport,
): { title: string; rows: string[][]; note: string } | null {
  const cells = report.scenarios.flatMap((s) => s.cells).filter((c) => c.calibration || c.probeConversion);
  if (cells.length === 0) return null;
  return {
    title: "Cloud Run calibration",
    rows: cells.map((c) => row(c, report)),
    note: "Instances and cost stand on the Cloud Run ceiling: this host's planning ceiling × the revision ÷ local ratio measured by `bun runner/matrix.ts calibrate`, or, without a calibration, a CPU-bound cell converted by cloudRun.targetProbe ÷ this run's probe (docs/calibrate.md). `--no-calibration` plans on the local figures.",
  };
}
