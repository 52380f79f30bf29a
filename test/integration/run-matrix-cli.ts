import { join } from "node:path";
import { latestRunId, readRunCells } from "../../bench/known-answers/read-run-cells.ts";
import type { CellRecord } from "../../runner/results/cell-record.ts";
import { NO_PROBE_ENV, REPO_ROOT } from "./integration-image.ts";

export interface CliRun {
  exitCode: number;
  stderr: string;
  cells: CellRecord[];
}

/** Runs `bun runner/matrix.ts <args> --out <outDir>` as a user would, then reads the cells it recorded. */
export async function runMatrixCli(args: readonly string[], outDir: string): Promise<CliRun> {
  const proc = Bun.spawn(["bun", join(REPO_ROOT, "runner/matrix.ts"), ...args, "--out", outDir], {
    cwd: REPO_ROOT,
    env: NO_PROBE_ENV,
    stdout: "ignore",
    stderr: "pipe",
  });
  const [exitCode, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  const cells = exitCode === 0 ? await readRunCells(join(outDir, await latestRunId(outDir))) : [];
  return { exitCode, stderr, cells };
}
