import { z } from "zod";
import { DAMAGED_NEXT_STEP, readJsonFile } from "./read-json-file.ts";
import { RunRecord } from "./run-record.ts";
import { RunStoreError } from "./run-store-error.ts";

/** Reads and validates a run.json; never fills in defaults for what is missing. */
export async function readRunRecord(runJsonPath: string): Promise<RunRecord> {
  const json = await readJsonFile(runJsonPath, "a run record, run.json");
  const parsed = RunRecord.safeParse(json);
  if (!parsed.success) {
    throw new RunStoreError(
      `${runJsonPath} is not a run record:\n${z.prettifyError(parsed.error)}\n${DAMAGED_NEXT_STEP}`,
      { cause: parsed.error },
    );
  }
  const seen = new Set<string>();
  for (const cell of parsed.data.cells) {
    if (seen.has(cell.id))
      throw new RunStoreError(
        `${runJsonPath}: cells lists the cell id "${cell.id}" twice. ${DAMAGED_NEXT_STEP}`,
      );
    seen.add(cell.id);
  }
  return parsed.data;
}
