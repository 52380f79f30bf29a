import { join, resolve } from "node:path";

/** Where results go by default: <repo>/results. */
export const DEFAULT_RESULTS_DIR = resolve(import.meta.dir, "../../results");
export const LATEST_FILE = "latest.txt";

/** The files of one run under results/<run-id>/. */
export function runPaths(resultsDir: string, runId: string) {
  const dir = join(resultsDir, runId);
  return {
    dir,
    runJson: join(dir, "run.json"),
    cellsDir: join(dir, "cells"),
    cellJson: (cellId: string) => join(dir, "cells", `${cellId}.json`),
    partialDir: join(dir, "partial"),
    partialJson: (cellId: string) => join(dir, "partial", `${cellId}.json`),
    latest: join(resultsDir, LATEST_FILE),
  };
}
export type RunPaths = ReturnType<typeof runPaths>;
