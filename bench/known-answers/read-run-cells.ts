import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { CellRecord } from "../../runner/results/cell-record.ts";

/** The run id results/latest.txt (in `outDir`) points at. */
export async function latestRunId(outDir: string): Promise<string> {
  return (await Bun.file(join(outDir, "latest.txt")).text()).trim();
}

/** Every finished cell record of a run, parsed with the runner's own schema. */
export async function readRunCells(runDir: string): Promise<CellRecord[]> {
  const cellsDir = join(runDir, "cells");
  const files = (await readdir(cellsDir)).filter((name) => name.endsWith(".json")).sort();
  return Promise.all(
    files.map(async (name) => CellRecord.parse(await Bun.file(join(cellsDir, name)).json())),
  );
}
