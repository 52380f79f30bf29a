import { join, resolve } from "node:path";

/** k6 defaults, in one place. The version is pinned in .k6-version (read by scripts/setup.sh too). */
export const REPO_ROOT = resolve(import.meta.dir, "../../..");
export const K6_VERSION_FILE = join(REPO_ROOT, ".k6-version");
export const GENERATOR_IMAGE_REPO = "bun-capacity/k6";
/** Where setup.sh --generator keeps the binary: .cache/k6/<version>/k6 (gitignored). */
export const K6_BINARY_ENV = "BUN_CAPACITY_K6";
export const K6_CACHE_DIR = join(REPO_ROOT, ".cache/k6");
/** The k6 scripts baked into the image, and where they land. */
export const K6_SCRIPT_DIR = join(import.meta.dir, "script");
export const K6_SCRIPT_FILES = ["step-lib.js", "run-step.js", "requests-step.js", "readiness.js"];
export const IMAGE_SCRIPT_DIR = "/bun-capacity";
export const K6_UID = 1000;
/** A step's requests may wait this long past the send window before counting as dropped (at least, or 10 x SLO). */
export const MIN_DRAIN_MS = 1000;
export const DRAIN_SLO_MULTIPLE = 10;
/** A request slower than this (at least, or 10 x SLO) is a timeout: an error. */
export const MIN_REQUEST_TIMEOUT_MS = 1000;
/** k6's constant-VUs executor refuses durations under 1 s. */
export const MIN_K6_DURATION_MS = 1000;
/** Go's GC target for k6 (default 100): a step allocates per request, and 400 cut k6's CPU per request ~20% (bench/generator.ts). */
export const K6_GOGC_PERCENT = 400;
/** Above this, the step's JSON no longer fits one environment variable: it goes in a script on stdin. */
export const MAX_ENV_STEP_BYTES = 100_000;

export async function readK6Version(): Promise<string> {
  return (await Bun.file(K6_VERSION_FILE).text()).trim();
}

export function k6BinaryPath(version: string, env: Record<string, string | undefined> = process.env): string {
  return env[K6_BINARY_ENV] || join(K6_CACHE_DIR, version, "k6");
}
