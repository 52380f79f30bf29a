import { join } from "node:path";
import { LATEST_FILE } from "./run-paths.ts";
import { writeFileAtomic } from "./write-file-atomic.ts";

/** Points results/latest.txt at a run id (what `report` and `check` use when no run id is given). */
export async function setLatestRun(resultsDir: string, runId: string): Promise<void> {
  await writeFileAtomic(join(resultsDir, LATEST_FILE), `${runId}\n`);
}

/** The run id in results/latest.txt, or null when no run has been recorded. */
export async function latestRunId(resultsDir: string): Promise<string | null> {
  const file = Bun.file(join(resultsDir, LATEST_FILE));
  if (!(await file.exists())) return null;
  return (await file.text()).trim() || null;
}
