import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { PartialCell } from "./partial-cell.ts";
import { DAMAGED_NEXT_STEP, readJsonFile } from "./read-json-file.ts";
import { RunStoreError } from "./run-store-error.ts";

/** The repetitions cells had finished when an interleaved run stopped, by cell id (no folder: none). */
export async function readPartialCells(partialDir: string): Promise<Map<string, PartialCell>> {
  const partials = new Map<string, PartialCell>();
  const names = await readdir(partialDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const path = join(partialDir, name);
    const parsed = PartialCell.safeParse(await readJsonFile(path, "a cell's finished repetitions"));
    if (!parsed.success)
      throw new RunStoreError(
        `${path} is not a cell's finished repetitions:\n${z.prettifyError(parsed.error)}\n${DAMAGED_NEXT_STEP}`,
        { cause: parsed.error },
      );
    partials.set(parsed.data.cellId, parsed.data);
  }
  return partials;
}
