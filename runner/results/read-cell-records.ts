import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { CellRecord } from "./cell-record.ts";
import { DAMAGED_NEXT_STEP, readJsonFile } from "./read-json-file.ts";
import { RunStoreError } from "./run-store-error.ts";

/** Every cell record of a run directory's cells/ folder, by cell id (an absent folder is an empty run). */
export async function readCellRecords(cellsDir: string): Promise<Map<string, CellRecord>> {
  const records = new Map<string, CellRecord>();
  const files = new Map<string, string>();
  const names = await readdir(cellsDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const path = join(cellsDir, name);
    const parsed = CellRecord.safeParse(await readJsonFile(path, "a cell record"));
    if (!parsed.success) {
      throw new RunStoreError(
        `${path} is not a cell record:\n${z.prettifyError(parsed.error)}\n${DAMAGED_NEXT_STEP}`,
        {
          cause: parsed.error,
        },
      );
    }
    const id = parsed.data.cell.id;
    const earlier = files.get(id);
    if (earlier !== undefined)
      throw new RunStoreError(`${path} and ${earlier} hold the same cell id "${id}". ${DAMAGED_NEXT_STEP}`);
    files.set(id, path);
    records.set(id, parsed.data);
  }
  return records;
}
