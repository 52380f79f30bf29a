import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CellRecord } from "../../../runner/results/cell-record.ts";

/** A fresh results dir for a test. */
export const tempResultsDir = () => mkdtemp(join(tmpdir(), "sizing-test-"));

/** Writes records as results/<runId>/cells/*.json (and run.json when given); returns the run directory. */
export async function writeFixtureRun(
  resultsDir: string,
  runId: string,
  records: CellRecord[],
  run?: Record<string, unknown>,
): Promise<string> {
  const dir = join(resultsDir, runId);
  await mkdir(join(dir, "cells"), { recursive: true });
  for (const r of records)
    await Bun.write(join(dir, "cells", `${r.cell.id}.json`), JSON.stringify({ ...r, runId }));
  if (run) await Bun.write(join(dir, "run.json"), JSON.stringify(run));
  await Bun.write(join(resultsDir, "latest.txt"), `${runId}\n`);
  return dir;
}
