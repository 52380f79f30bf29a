import { join } from "node:path";
import { loadMatrix } from "../../config/load-matrix.ts";
import { runPlan } from "../../execute/run-plan.ts";
import { localHostFacts } from "../../plan/plan.ts";
import { planRun } from "../../plan/plan-run.ts";
import { validatePlan } from "../../plan/validate-plan.ts";
import { preflightRun } from "../../preflight/preflight-run.ts";
import { readRunDir } from "../../report/read-run-dir.ts";
import type { CellRecord } from "../../results/cell-record.ts";
import type { CheckSize } from "../../sizing/check-deploy.ts";

/** Where check's own runs go, apart from results/latest.txt so they never replace the latest full run. */
const CHECK_RUNS_DIR = "checks";

/** Plans only this size from the matrix, validates it like run does, runs its cells and reads back the records. */
export async function runCheckCells(
  size: CheckSize,
  matrixPath: string,
  resultsDir: string,
  signal?: AbortSignal,
): Promise<CellRecord[]> {
  const matrix = loadMatrix(matrixPath);
  const options = {
    cpus: [size.cpus],
    memoryBytes: [size.memoryBytes],
    smol: [size.smol],
    scenarios: size.scenario ? [size.scenario] : null,
  };
  const plan = planRun(matrix, options, localHostFacts());
  validatePlan(plan, { force: false });
  const checksDir = join(resultsDir, CHECK_RUNS_DIR);
  await preflightRun(matrix, plan, checksDir);
  const record = await runPlan(plan, { resultsDir: checksDir, signal });
  return (await readRunDir(join(checksDir, record.runId))).records;
}
