import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CACHE_DIR_ENV, extractAssets } from "../../../runner/package/extract-assets.ts";

let work = "";
let previous: string | undefined;
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), "extract-assets-"));
  previous = process.env[CACHE_DIR_ENV];
  process.env[CACHE_DIR_ENV] = join(work, "cache");
});
afterEach(async () => {
  if (previous === undefined) delete process.env[CACHE_DIR_ENV];
  else process.env[CACHE_DIR_ENV] = previous;
  await rm(work, { recursive: true, force: true });
});

async function tarball(): Promise<string> {
  const source = join(work, "source");
  await mkdir(join(source, "generator"), { recursive: true });
  await writeFile(join(source, "package.json"), '{"name":"bun-capacity","version":"9.9.9"}');
  await writeFile(join(source, "generator/Dockerfile"), "FROM scratch\n");
  const path = join(work, "assets.tar.gz");
  const tar = Bun.spawnSync(["tar", "-czf", path, "-C", source, "package.json", "generator"]);
  expect(tar.exitCode).toBe(0);
  return path;
}

test("extracts once per key into the cache, then reuses it; concurrent first runs agree", async () => {
  const assets = await tarball();
  const dirs = await Promise.all([extractAssets(assets, "9.9.9-abc"), extractAssets(assets, "9.9.9-abc")]);
  expect(dirs[0]).toBe(join(work, "cache/assets/9.9.9-abc"));
  expect(dirs[1]).toBe(dirs[0]);
  expect(await Bun.file(join(dirs[0] as string, "generator/Dockerfile")).text()).toBe("FROM scratch\n");
  const first = (await stat(join(dirs[0] as string, "package.json"))).mtimeMs;
  await extractAssets(assets, "9.9.9-abc");
  expect((await stat(join(dirs[0] as string, "package.json"))).mtimeMs).toBe(first);
  // No staging folders are left behind.
  expect(await readdir(join(work, "cache/assets"))).toEqual(["9.9.9-abc"]);
});

test("a damaged archive is an error naming the folder, and leaves nothing half-extracted", async () => {
  const bad = join(work, "bad.tar.gz");
  await writeFile(bad, "not a tarball");
  await expect(extractAssets(bad, "9.9.9-bad")).rejects.toThrow(
    /cannot extract bun-capacity's files into .*9\.9\.9-bad/,
  );
  expect(await readdir(join(work, "cache/assets"))).toEqual([]);
});
