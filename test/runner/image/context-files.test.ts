import { afterEach, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contextFiles } from "../../../runner/image/context-files.ts";
import { inputsHash } from "../../../runner/image/inputs-hash.ts";

let dir = "";
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function tree(files: Record<string, string>) {
  dir = await mkdtemp(join(tmpdir(), "ctx-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

test("a user context honours .dockerignore and skips .git and node_modules", async () => {
  await tree({
    Dockerfile: "FROM x",
    ".dockerignore": "secrets\n*.log\n",
    "src/a.ts": "a",
    "secrets/key": "k",
    "debug.log": "l",
    "node_modules/x/index.js": "x",
    ".git/HEAD": "h",
  });
  expect(await contextFiles(dir, null)).toEqual([".dockerignore", "Dockerfile", "src/a.ts"]);
});

test("the bundled context lists only the named entries; the hash follows content", async () => {
  await tree({ Dockerfile: "FROM x", "engine/a.ts": "1", "runner/b.ts": "2" });
  const files = await contextFiles(dir, ["Dockerfile", "engine", "missing"]);
  expect(files).toEqual(["Dockerfile", "engine/a.ts"]);
  const before = await inputsHash(dir, files, "base");
  await writeFile(join(dir, "runner/b.ts"), "changed");
  expect(await inputsHash(dir, files, "base")).toBe(before);
  await writeFile(join(dir, "engine/a.ts"), "changed");
  expect(await inputsHash(dir, files, "base")).not.toBe(before);
});
