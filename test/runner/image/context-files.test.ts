import { afterEach, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contextFiles, inputsHash } from "../../../runner/image/build-context.ts";

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

test("a user context honours .dockerignore; .git and node_modules are sent unless it lists them", async () => {
  await tree({
    Dockerfile: "FROM x",
    ".dockerignore": "secrets\n*.log\n",
    "src/a.ts": "a",
    "secrets/key": "k",
    "debug.log": "l",
    "node_modules/x/index.js": "x",
    ".git/HEAD": "h",
  });
  expect(await contextFiles(dir, null)).toEqual([
    ".dockerignore",
    ".git/HEAD",
    "Dockerfile",
    "node_modules/x/index.js",
    "src/a.ts",
  ]);
});

test("the Dockerfile and .dockerignore are sent even when the file excludes them (the daemon needs them)", async () => {
  await tree({
    "Dockerfile.prod": "FROM x",
    ".dockerignore": "Dockerfile*\n.dockerignore\nnode_modules\n!node_modules/keep.txt\n",
    "index.ts": "i",
    "node_modules/hono/index.js": "h",
    "node_modules/keep.txt": "k",
  });
  expect(await contextFiles(dir, null, "Dockerfile.prod")).toEqual([
    ".dockerignore",
    "Dockerfile.prod",
    "index.ts",
    "node_modules/keep.txt",
  ]);
});

test("a symbolic link is sent as a link and hashed by its target, even a dangling one", async () => {
  await tree({ Dockerfile: "FROM x", "a.ts": "a" });
  await symlink("missing.ts", join(dir, "link.ts"));
  const files = await contextFiles(dir, null);
  expect(files).toEqual(["Dockerfile", "a.ts", "link.ts"]);
  const before = await inputsHash(dir, files, "base");
  await rm(join(dir, "link.ts"));
  await symlink("a.ts", join(dir, "link.ts"));
  expect(await inputsHash(dir, files, "base")).not.toBe(before);
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

test("an excluded folder is entered only for an exception naming a path in it, as Docker's walk does", async () => {
  await tree({
    Dockerfile: "FROM x",
    ".dockerignore": "node_modules\n!**/keep.txt\n",
    "node_modules/keep.txt": "skipped with its folder",
    "src/keep.txt": "k",
  });
  expect(await contextFiles(dir, null)).toEqual([".dockerignore", "Dockerfile", "src/keep.txt"]);
});
