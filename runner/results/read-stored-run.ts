import type { CellRecord } from "./cell-record.ts";
import { readCellRecords } from "./read-cell-records.ts";
import { readRunRecord } from "./read-run-record.ts";
import type { RunRecord } from "./run-record.ts";
import { RunStoreError } from "./run-store-error.ts";

/** A finished run directory, fully validated: run.json and every cells/*.json; nothing defaulted, nothing written. */
export interface StoredRun {
  runDir: string;
  runId: string;
  run: RunRecord;
  records: CellRecord[];
}

export async function readStoredRun(runDir: string): Promise<StoredRun> {
  const run = await readRunRecord(`${runDir}/run.json`);
  const records = [...(await readCellRecords(`${runDir}/cells`)).values()];
  if (records.length === 0)
    throw new RunStoreError(
      `${runDir}/cells holds no cell records: the run finished no cell. Run \`bun runner/matrix.ts\` (or --resume ${run.runId}) first.`,
    );
  return { runDir, runId: run.runId, run, records };
}
