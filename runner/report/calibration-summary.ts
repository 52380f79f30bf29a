import type { SizingReport } from "../sizing/sizing-report.ts";
import { fmt } from "./fmt.ts";

export const CALIBRATION_HEADER = [
  "cell",
  "local ceiling",
  "calibrated ceiling",
  "ratio applied",
  "calibration (file, date, environment)",
  "how",
];

/**
 * Local and Cloud Run-calibrated planning ceilings side by side, one row per calibrated cell, for every exporter;
 * null: no cell was planned on a calibration.
 */
export function calibrationSummary(
  report: SizingReport,
): { title: string; rows: string[][]; note: string } | null {
  const cells = report.scenarios.flatMap((s) => s.cells).filter((c) => c.calibration);
  if (cells.length === 0) return null;
  return {
    title: "Cloud Run calibration",
    rows: cells.map((c) => {
      const k = c.calibration as NonNullable<typeof c.calibration>;
      return [
        c.cellId,
        fmt.rate(c.localPlanningCeilingPerSec ?? null),
        fmt.rate(c.planningCeilingPerSec ?? null),
        `× ${k.appliedRatio.toFixed(3)}${k.probeScale === null ? "" : ` (${k.ratio.toFixed(3)} × probe ${k.probeScale.toFixed(3)})`}`,
        `${k.file}, ${k.takenAt.slice(0, 10)}, ${k.executionEnvironment ?? "environment not stated"}`,
        k.note,
      ];
    }),
    note: "Instances and cost stand on the calibrated ceiling: this host's planning ceiling × the revision ÷ local ratio measured by `bun runner/matrix.ts calibrate` (docs/calibrate.md). `--no-calibration` plans on the local figures.",
  };
}
