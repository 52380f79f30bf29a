import { join } from "node:path";
import { z } from "zod";
import { ReportInputError } from "../../report/size-run-dir.ts";
import { DAMAGED_NEXT_STEP, latestRunId, RunStoreError, readJsonFile } from "../../results/run-store.ts";
import { SizingReport } from "../../sizing/sizing-report.ts";

/** The latest run's recommended size (from its validated sizing.json), for `check` without --cpus/--memory. */
export async function recommendedSize(resultsDir: string, scenario: string | undefined) {
  const runId = await latestRunId(resultsDir);
  if (!runId)
    throw new ReportInputError(
      `no --cpus/--memory and no latest run in ${resultsDir}`,
      "Run the matrix first (bun runner/matrix.ts), or pass --cpus and --memory.",
    );
  const path = join(resultsDir, runId, "sizing.json");
  if (!(await Bun.file(path).exists()))
    throw new ReportInputError(
      `run ${runId} has no sizing.json (${path})`,
      `Run \`bun runner/matrix.ts report ${runId}\`.`,
    );
  const report = SizingReport.safeParse(await readJsonFile(path, "a sizing report, sizing.json"));
  if (!report.success)
    throw new RunStoreError(
      `${path} is not a sizing report:\n${z.prettifyError(report.error)}\n${DAMAGED_NEXT_STEP}`,
    );
  const found = report.data.scenarios.find((x) => (scenario ? x.scenario === scenario : x.recommendation));
  if (!found?.recommendation)
    throw new ReportInputError(
      `run ${runId} has no recommendation${scenario ? ` for scenario ${scenario}` : ""}`,
      "Pass --cpus and --memory.",
    );
  return { ...found.recommendation, runId, missingCells: report.data.missingCellIds?.length ?? 0 };
}
