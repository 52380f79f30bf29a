import { mkdtemp, rmdir, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { FlagError } from "../cli/flags.ts";
import { renderDryRun } from "../cli/render-dry-run.ts";
import { cellsToRun, readCellRecords, readRunRecord, runPaths } from "../results/run-store.ts";

/** Prefix of the throwaway directory that proves the results directory's nearest existing ancestor is writable. */
const PROBE_PREFIX = ".bun-capacity-write-probe-";

/** The results directory must be a directory we can write, or creatable in one: found now, not after the first cell. */
export async function checkOutputDir(dir: string, flag = "--out"): Promise<void> {
  const fail = (problem: string) => new FlagError(flag, `${flag} ${JSON.stringify(dir)}: ${problem}`);
  let current = dir;
  for (;;) {
    const info = await stat(current).catch(() => null);
    if (info) {
      if (!info.isDirectory())
        throw fail(
          current === dir
            ? "is a file, not a directory; pass a directory"
            : `${current} is a file, so the directory cannot be created`,
        );
      // Creating something is the only test that holds for root, read-only mounts and pseudo file systems alike.
      const probe = await mkdtemp(join(current, PROBE_PREFIX)).catch(() => null);
      if (probe === null) throw fail(`${current} is not writable; pass a directory you can write`);
      await rmdir(probe);
      return;
    }
    const parent = dirname(current);
    if (parent === current) throw fail("no existing parent directory");
    current = parent;
  }
}

/** A file a command writes at its end (e.g. --junit): a path we can create, checked before any container starts. */
export async function checkOutputFile(path: string, flag: string): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory())
    throw new FlagError(flag, `${flag} ${JSON.stringify(path)}: is a directory; pass a file path`);
  await checkOutputDir(dirname(path), flag);
}

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
