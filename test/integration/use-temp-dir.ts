import { afterAll, beforeAll } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A fresh temporary folder for a test file (handed to `set` before its tests), removed after them. */
export function useTempDir(prefix: string, set: (path: string) => void): void {
  let path = "";
  beforeAll(async () => {
    path = await mkdtemp(join(tmpdir(), prefix));
    set(path);
  });
  afterAll(async () => {
    if (path) await rm(path, { recursive: true, force: true });
  });
}
