import { readFile, stat } from "node:fs/promises";
import { MIB } from "../units/bytes.ts";
import { RunStoreError } from "./run-store-error.ts";

/** Stored files are small; anything bigger is not ours. */
const MAX_STORED_FILE_BYTES = 64 * MIB;
export const DAMAGED_NEXT_STEP =
  "Nothing was changed. Restore the file from a copy, or measure again with `bun runner/matrix.ts`.";

/** A stored JSON file's parsed content; RunStoreError (exit 2) naming the file when it is missing, huge or not JSON. */
export async function readJsonFile(path: string, what: string): Promise<unknown> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new RunStoreError(`${path} does not exist (${what}). Check the run id (ls results/).`);
  if (!info.isFile()) throw new RunStoreError(`${path} is not a file (${what}). ${DAMAGED_NEXT_STEP}`);
  if (info.size > MAX_STORED_FILE_BYTES)
    throw new RunStoreError(
      `${path} is ${info.size} bytes, more than a ${what} can be. ${DAMAGED_NEXT_STEP}`,
    );
  const text = await readFile(path, "utf8");
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new RunStoreError(
      `${path} is not valid JSON (${what}): ${(cause as Error).message}. ${DAMAGED_NEXT_STEP}`,
      { cause },
    );
  }
}
