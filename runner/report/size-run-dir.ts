import { z } from "zod";
import { CloudRunSettings, type CloudRunSettingsInput } from "../config/cloud-run-settings.ts";
import type { TrafficProfile } from "../config/traffic-profile.ts";
import type { StoredCalibration } from "../results/cloud-run-calibration.ts";
import { buildSizingReport } from "../sizing/build-sizing-report.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";
import { type RunDirContents, readRunDir } from "./read-run-dir.ts";
import { ReportInputError } from "./report-input-error.ts";

/** Sizes a stored run in memory with its own cloudRun settings, or `settings` when given; `traffic` adds a day plan. */
export function sizeStoredRun(
  contents: RunDirContents,
  settings?: CloudRunSettingsInput,
  generatedAt?: string,
  traffic?: TrafficProfile,
  calibrations: readonly StoredCalibration[] = [],
): SizingReport {
  let resolved = contents.cloudRun;
  if (settings !== undefined) {
    const parsed = CloudRunSettings.safeParse(settings);
    if (!parsed.success)
      throw new ReportInputError(
        `the cloudRun settings are invalid:\n${z.prettifyError(parsed.error)}`,
        "Fix the cloudRun: section of matrix.yaml (see docs/matrix-reference.md, cloudRun keys).",
      );
    resolved = parsed.data;
  }
  const variantOrder = contents.run.plan.variants?.map((v) => v.name);
  return buildSizingReport(contents.records, {
    runId: contents.runId,
    settings: resolved,
    generatedAt,
    variantOrder,
    plannedCellIds: contents.run.plan.cells.map((cell) => cell.id),
    ...(traffic ? { traffic } : {}),
    host: { cpuModel: contents.run.environment.cpuModel, probes: contents.run.probes },
    calibrations,
  });
}

/** Reads a run directory and sizes it with its stored cloudRun settings (or `settings`), writing nothing. */
export async function sizeRunDir(
  runDir: string,
  settings?: CloudRunSettingsInput,
  generatedAt?: string,
  calibrations: readonly StoredCalibration[] = [],
): Promise<{ report: SizingReport; contents: RunDirContents }> {
  const contents = await readRunDir(runDir);
  return { report: sizeStoredRun(contents, settings, generatedAt, undefined, calibrations), contents };
}
