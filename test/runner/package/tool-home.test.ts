import { expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { contextFiles } from "../../../runner/image/build-context.ts";
import { CACHE_DIR_ENV, userCacheDir } from "../../../runner/package/extract-assets.ts";
import {
  defaultResultsDir,
  INSTALLED_RESULTS_DIR,
  IS_COMPILED,
  PACKAGE_ROOT,
  TOOL,
  toolCacheDir,
} from "../../../runner/package/tool-home.ts";

const CLONE = resolve(import.meta.dir, "../../..");

test("from a clone: the package root is the clone, its results/ and .cache/ the defaults, the version its package.json's", async () => {
  expect(IS_COMPILED).toBe(false);
  expect(PACKAGE_ROOT).toBe(CLONE);
  expect(defaultResultsDir()).toBe(join(CLONE, "results"));
  expect(toolCacheDir({})).toBe(join(CLONE, ".cache"));
  expect(TOOL.version).toBe((await Bun.file(join(CLONE, "package.json")).json()).version);
});

test("the user cache: the override, then XDG_CACHE_HOME, then ~/.cache", () => {
  expect(userCacheDir({ [CACHE_DIR_ENV]: "/x/c", XDG_CACHE_HOME: "/y" })).toBe("/x/c");
  expect(userCacheDir({ XDG_CACHE_HOME: "/y" })).toBe("/y/bun-capacity");
  expect(userCacheDir({})).toMatch(/\/\.cache\/bun-capacity$|bun-capacity-cache$/);
  expect(toolCacheDir({ [CACHE_DIR_ENV]: "/x/c" })).toBe("/x/c");
});

test("a top-level bun-capacity-results/ never enters a user's build context; the same name deeper does", async () => {
  const dir = await mkdtemp(join(tmpdir(), "tool-home-context-"));
  try {
    await writeFile(join(dir, "Dockerfile"), "FROM scratch\n");
    await mkdir(join(dir, INSTALLED_RESULTS_DIR, "run"), { recursive: true });
    await writeFile(join(dir, INSTALLED_RESULTS_DIR, "run/run.json"), "{}");
    await mkdir(join(dir, "src", INSTALLED_RESULTS_DIR), { recursive: true });
    await writeFile(join(dir, "src", INSTALLED_RESULTS_DIR, "kept.ts"), "");
    expect(await contextFiles(dir, null)).toEqual(["Dockerfile", `src/${INSTALLED_RESULTS_DIR}/kept.ts`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
