import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { CACHE_DIR_ENV, userCacheDir } from "./extract-assets.ts";

/**
 * Where the tool's own files are and where it writes, in one place. From a clone (`bun runner/matrix.ts`, `npm start`)
 * the package root is the checkout and results go to its results/; as the installed tool (`bunx bun-capacity`, the
 * compiled binary) results go to ./bun-capacity-results and caches to the user's cache folder: nothing is written
 * inside the installed package.
 */

/** Set by the compiled binary's entry to the folder its embedded files were extracted to. */
export const ASSETS_DIR_ENV = "BUN_CAPACITY_ASSETS_DIR";
/** The installed tool's default results folder, relative to the working directory. */
export const INSTALLED_RESULTS_DIR = "bun-capacity-results";

/** A compiled binary's modules live in Bun's embedded file system, not on disk. */
export const IS_COMPILED = import.meta.dir.startsWith("/$bunfs") || import.meta.dir.includes("~BUN");

function packageRoot(): string {
  const extracted = process.env[ASSETS_DIR_ENV];
  if (extracted) return resolve(extracted);
  if (IS_COMPILED) throw new Error(`the compiled bun-capacity started without ${ASSETS_DIR_ENV}`);
  return resolve(import.meta.dir, "../..");
}

/** The package's (or clone's) root: the Dockerfiles, the generator and probe sources, .bun-version, bun.lock. */
export const PACKAGE_ROOT = packageRoot();

const PackageJson = z.looseObject({ name: z.string(), version: z.string() });

/** The tool's name and version, from its own package.json. */
export const TOOL = PackageJson.parse(JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")));

let installed = false;

/** Called by the `bun-capacity` entry before the commands load: defaults for a user's repository. */
export function useInstalledDefaults(): void {
  installed = true;
}

export function isInstalledTool(): boolean {
  return installed;
}

/** Where results go without --out: ./bun-capacity-results as the installed tool, <clone>/results from a clone. */
export function defaultResultsDir(): string {
  return installed ? resolve(INSTALLED_RESULTS_DIR) : join(PACKAGE_ROOT, "results");
}

/** Downloaded Bun binaries and the compiled binary's extracted files: never inside the installed package. */
export function toolCacheDir(env: Record<string, string | undefined> = process.env): string {
  if (!installed && !env[CACHE_DIR_ENV]) return join(PACKAGE_ROOT, ".cache");
  return userCacheDir(env);
}
