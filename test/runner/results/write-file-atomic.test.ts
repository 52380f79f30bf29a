import { afterEach, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "../../../runner/results/run-store.ts";

let dir = "";
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("writes through a temp file and leaves no temp file behind", async () => {
  dir = await mkdtemp(join(tmpdir(), "atomic-"));
  const path = join(dir, "nested", "cell.json");
  await writeFileAtomic(path, "one");
  await writeFileAtomic(path, "two");
  expect(await Bun.file(path).text()).toBe("two");
  expect(await readdir(join(dir, "nested"))).toEqual(["cell.json"]);
});

test("concurrent writers never leave a torn file", async () => {
  dir = await mkdtemp(join(tmpdir(), "atomic-"));
  const path = join(dir, "run.json");
  const big = (c: string) => c.repeat(1_000_000);
  await Promise.all(["a", "b", "c", "d"].map((c) => writeFileAtomic(path, big(c))));
  const text = await Bun.file(path).text();
  expect(text.length).toBe(1_000_000);
  expect(new Set(text).size).toBe(1);
});
