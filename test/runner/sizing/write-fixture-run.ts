import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import { fixtureRunRecord } from "../results/run-record-fixture.ts";

/** A fresh results dir for a test. */
export const tempResultsDir = () => mkdtemp(join(tmpdir(), "sizing-test-"));

/**
 * Writes records as results/<runId>/cells/*.json and a valid run.json (with `cloudRun` as the run's settings);
 * `run` replaces that run.json's content when a test needs a damaged one. Returns the run directory.
 */
export async function writeFixtureRun(
  resultsDir: string,
  runId: string,
  records: CellRecord[],
  options: { cloudRun?: unknown; run?: unknown } = {},
): Promise<string> {
  const dir = join(resultsDir, runId);
  await mkdir(join(dir, "cells"), { recursive: true });
  const stored = records.map((r) => ({ ...r, runId }));
  for (const r of stored) await Bun.write(join(dir, "cells", `${r.cell.id}.json`), JSON.stringify(r));
  const run = "run" in options ? options.run : fixtureRunRecord(runId, stored, options.cloudRun ?? {});
  await Bun.write(join(dir, "run.json"), JSON.stringify(run));
  await Bun.write(join(resultsDir, "latest.txt"), `${runId}\n`);
  return dir;
}
