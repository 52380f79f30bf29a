import { renderDryRun } from "../cli/render-dry-run.ts";
import { cellsToRun, readCellRecords, readRunRecord, runPaths } from "../results/run-store.ts";
import { checkOutputDir } from "./check-output-dir.ts";

/** Reads a stored run (validated; nothing written) and describes what --resume would run. */
export async function previewResume(resultsDir: string, runId: string): Promise<string> {
  await checkOutputDir(resultsDir);
  const paths = runPaths(resultsDir, runId);
  const record = await readRunRecord(paths.runJson);
  const done = await readCellRecords(paths.cellsDir);
  const cells = cellsToRun(record.plan.cells, done);
  const estimatedSeconds = cells.reduce(
    (sum, cell) => sum + (record.plan.cellEstimatedSeconds[cell.id] ?? 0),
    0,
  );
  const plan = { ...record.plan, cells, estimatedSeconds };
  return `Resume ${runId}: ${done.size} cell(s) recorded, ${cells.length} to run.\n${renderDryRun(plan)}`;
}
