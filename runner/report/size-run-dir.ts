import { z } from "zod";
import { buildSizingReport } from "../sizing/build-sizing-report.ts";
import { CloudRunSettings, type CloudRunSettingsInput } from "../sizing/cloud-run-settings.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";
import { type RunDirContents, readRunDir } from "./read-run-dir.ts";
import { ReportInputError } from "./report-input-error.ts";

/** Reads a run directory and sizes it with its stored cloudRun settings (or `settings`), writing nothing. */
export async function sizeRunDir(
  runDir: string,
  settings?: CloudRunSettingsInput,
  generatedAt?: string,
): Promise<{ report: SizingReport; contents: RunDirContents }> {
  const contents = await readRunDir(runDir);
  const parsed = CloudRunSettings.safeParse(settings ?? contents.cloudRun ?? {});
  if (!parsed.success)
    throw new ReportInputError(
      `the cloudRun settings are invalid:\n${z.prettifyError(parsed.error)}`,
      "Fix the cloudRun: section of matrix.yaml (see the README's cloudRun reference).",
    );
  const report = buildSizingReport(contents.records, {
    runId: contents.runId,
    settings: parsed.data,
    generatedAt,
  });
  return { report, contents };
}
