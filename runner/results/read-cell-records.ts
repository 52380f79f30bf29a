import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { CellRecord } from "./cell-record.ts";
import { RunStoreError } from "./run-store-error.ts";

/** Every cell record of a run directory's cells/ folder, by cell id (an absent folder is an empty run). */
export async function readCellRecords(cellsDir: string): Promise<Map<string, CellRecord>> {
  const records = new Map<string, CellRecord>();
  const names = await readdir(cellsDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const path = join(cellsDir, name);
    const parsed = CellRecord.safeParse(
      await Bun.file(path)
        .json()
        .catch(() => null),
    );
    if (!parsed.success) {
      throw new RunStoreError(`${path} is not a cell record:\n${z.prettifyError(parsed.error)}`, {
        cause: parsed.error,
      });
    }
    records.set(parsed.data.cell.id, parsed.data);
  }
  return records;
}
