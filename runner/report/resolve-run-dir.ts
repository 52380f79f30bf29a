import { stat } from "node:fs/promises";
import { join } from "node:path";
import { latestRunId } from "../results/run-store.ts";
import { ReportInputError } from "./report-input-error.ts";

/** A run id (under resultsDir), "latest", nothing (= latest) or a directory path → the run directory. */
export async function resolveRunDir(ref: string | undefined, resultsDir: string): Promise<string> {
  let id = ref;
  if (id === undefined || id === "latest") {
    const latest = await latestRunId(resultsDir);
    if (!latest)
      throw new ReportInputError(
        `no run recorded in ${resultsDir}`,
        "Run `bun runner/matrix.ts` first, or pass a run id.",
      );
    id = latest;
  }
  for (const dir of [join(resultsDir, id), id])
    if ((await stat(dir).catch(() => null))?.isDirectory()) return dir;
  throw new ReportInputError(
    `run "${id}" not found in ${resultsDir}`,
    `List the runs with \`ls ${resultsDir}\`.`,
  );
}
