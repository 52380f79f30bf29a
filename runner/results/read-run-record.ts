import { z } from "zod";
import { RunRecord } from "./run-record.ts";
import { RunStoreError } from "./run-store-error.ts";

/** Reads and validates a run.json. */
export async function readRunRecord(runJsonPath: string): Promise<RunRecord> {
  const file = Bun.file(runJsonPath);
  if (!(await file.exists())) {
    throw new RunStoreError(`${runJsonPath} does not exist: check the run id (ls results/)`);
  }
  let json: unknown;
  try {
    json = await file.json();
  } catch (cause) {
    throw new RunStoreError(`${runJsonPath} is not valid JSON`, { cause });
  }
  const parsed = RunRecord.safeParse(json);
  if (!parsed.success) {
    throw new RunStoreError(`${runJsonPath} is not a run record:\n${z.prettifyError(parsed.error)}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
