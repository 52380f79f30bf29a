/** Image-building defaults, in one place. */
export const BENCH_IMAGE_REPO = "bun-capacity/bench";
export const USER_IMAGE_REPO = "bun-capacity/user-image";
export const OFFLINE_BASE_REPO = "bun-capacity/bun-base";
export const INPUTS_HASH_LABEL = "bun-capacity.inputs-hash";
export const BASE_SOURCE_LABEL = "bun-capacity.base-source";
export const IMAGE_TAG_HASH_CHARS = 12;
export const PULL_TIMEOUT_MS = 20_000;
/** Files and folders baked into the bench image (the Dockerfile's build context). */
export const CONTEXT_ENTRIES = [
  "Dockerfile",
  "package.json",
  "bun.lock",
  "contract",
  "engine",
  "search",
  "harness",
  "scenarios",
  "service",
];
/** Set to 1 to never try a registry pull for the base image. */
export const OFFLINE_ENV = "BUN_CAPACITY_OFFLINE";
/** Overrides the base image (default oven/bun:<.bun-version>-slim). */
export const BASE_IMAGE_ENV = "BUN_IMAGE";

export function defaultBaseImage(bunVersion: string): string {
  return `oven/bun:${bunVersion}-slim`;
}
/** `npm pack` of a Bun platform package (~40 MB). */
export const NPM_PACK_TIMEOUT_MS = 180_000;
/** `npm view bun@<range> version`: what an image tag like oven/bun:1 means today. */
export const NPM_VIEW_TIMEOUT_MS = 30_000;
/** The offline base's layout: 2 added /bin/sh, coreutils and the official image's WORKDIR and entrypoint. */
export const BASE_FORMAT_LABEL = "bun-capacity.base-format";
export const BASE_FORMAT = "2";
