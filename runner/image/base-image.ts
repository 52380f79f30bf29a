import type { DockerApi } from "../docker/docker-api.ts";
import { bunFromNpm, bunVersionInImage, resolveBunRange } from "./bun-version.ts";
import { bunImageTag, dockerfileInstructions, fromImages } from "./dockerfile.ts";
import {
  BASE_IMAGE_ENV,
  defaultBaseImage,
  OFFLINE_BASE_REPO,
  OFFLINE_ENV,
  PULL_TIMEOUT_MS,
} from "./image-defaults.ts";
import { BunVersionImageError, StandInError } from "./image-error.ts";
import { buildOfflineBaseImage, cachedOfflineBase, importBunBase } from "./offline-base.ts";

export type BaseSource =
  | "local"
  | "pulled"
  | "offline-built"
  | "offline-cached"
  | "npm-built"
  | `stand-in for ${string}`;

export interface BaseImage {
  ref: string;
  id: string;
  source: BaseSource;
}

export interface BaseImageOptions {
  bunVersion: string;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}

/**
 * The base for FROM: BUN_IMAGE (default oven/bun:<version>-slim) when present locally; else an offline base built
 * earlier; else a pull (skipped when BUN_CAPACITY_OFFLINE=1, bounded by a timeout); else an offline base built now.
 */
export async function resolveBaseImage(docker: DockerApi, options: BaseImageOptions): Promise<BaseImage> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  const wanted = env[BASE_IMAGE_ENV] || defaultBaseImage(options.bunVersion);
  const local = await docker.inspectImage(wanted);
  if (local) return { ref: wanted, id: local.id, source: "local" };

  const offlineRef = `${OFFLINE_BASE_REPO}:${options.bunVersion}`;
  const cached = await cachedOfflineBase(docker, offlineRef);
  if (cached) return { ref: offlineRef, id: cached.id, source: "offline-cached" };

  if (env[OFFLINE_ENV] !== "1") {
    log(`base image ${wanted} is not local: trying to pull it (timeout ${PULL_TIMEOUT_MS / 1000} s)`);
    if (await docker.pullImage(wanted, PULL_TIMEOUT_MS)) {
      const pulled = await docker.inspectImage(wanted);
      if (pulled) return { ref: wanted, id: pulled.id, source: "pulled" };
    }
    log(`could not pull ${wanted}: building an offline base from the installed Bun`);
  }
  const built = await buildOfflineBaseImage(docker);
  if (built.bunVersion !== options.bunVersion) {
    log(`warning: the installed Bun is ${built.bunVersion} but .bun-version says ${options.bunVersion}`);
  }
  return { ref: built.ref, id: built.id, source: "offline-built" };
}

export interface StandIns {
  /** The Dockerfile as sent, its oven/bun FROM references swapped for stand-ins; null when none was needed. */
  dockerfileText: string | null;
  /** What the run records: the stand-in, and which references it replaced. */
  base: BaseImage | null;
}

export interface StandInOptions {
  env?: Record<string, string | undefined>;
  log: (line: string) => void;
  /** Where the Dockerfile is, for messages. */
  dockerfilePath: string;
}

/**
 * A user's `FROM oven/bun:<tag>` with the image not local and no registry reachable: built on the offline base of
 * the Bun version the tag stands for (sh, coreutils, bun, bunx, a bun user, WORKDIR /home/bun/app, as the official
 * image), imported from the installed Bun or Bun's npm package. The Dockerfile on disk is left as it is.
 */
export async function standInBases(
  docker: DockerApi,
  dockerfileText: string,
  options: StandInOptions,
): Promise<StandIns> {
  const env = options.env ?? process.env;
  const swaps = new Map<string, BaseImage>();
  for (const { image, line } of fromImages(dockerfileInstructions(dockerfileText))) {
    const tag = bunImageTag(image);
    if (!tag || swaps.has(image) || (await docker.inspectImage(image))) continue;
    if (env[OFFLINE_ENV] !== "1" && (await docker.pullImage(image, PULL_TIMEOUT_MS))) continue;
    const where = `${options.dockerfilePath} line ${line}`;
    if (tag.versionRange === "")
      throw new StandInError(image, where, `no Bun version stands behind the tag ${tag.tag}`);
    const resolved = await resolveBunRange(tag.versionRange, { env });
    if (!resolved)
      throw new StandInError(image, where, `the npm registry did not say which Bun ${tag.versionRange} is`);
    const base = await standInBase(docker, resolved.version, options.log);
    options.log(
      `FROM ${image} (${where}) is not local and no registry answered: building on ${base.ref}, a stand-in with Bun ${resolved.version} (${resolved.how}), /bin/sh and coreutils, WORKDIR /home/bun/app and a bun user as the official image`,
    );
    swaps.set(image, base);
  }
  if (swaps.size === 0) return { dockerfileText: null, base: null };
  let text = dockerfileText;
  for (const [image, base] of swaps) text = swapFrom(text, image, base.ref);
  const first = [...swaps.values()][0] as BaseImage;
  return { dockerfileText: text, base: { ...first, source: `stand-in for ${[...swaps.keys()].join(", ")}` } };
}

async function standInBase(
  docker: DockerApi,
  version: string,
  log: (line: string) => void,
): Promise<BaseImage> {
  if (version === Bun.version) {
    const built = await buildOfflineBaseImage(docker);
    if (built.bunVersion === version) return { ref: built.ref, id: built.id, source: "offline-built" };
  }
  return ensureBunVersionBase(docker, version, { log });
}

function swapFrom(text: string, image: string, ref: string): string {
  const escaped = image.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`^(\\s*FROM\\s+(?:--\\S+\\s+)*)${escaped}(?=\\s|$)`, "gim"), `$1${ref}`);
}

export interface BunVersionBaseOptions {
  log?: (line: string) => void;
  /** Where downloaded binaries are kept (default .cache/bun). */
  cacheDir?: string;
}

/**
 * The base image for a variant's bunVersion: `bun-capacity/bun-base:<version>` (cached by version), imported offline
 * from that version of Bun's npm package; `bun --version` inside the image must print the version.
 */
export async function ensureBunVersionBase(
  docker: DockerApi,
  version: string,
  options: BunVersionBaseOptions = {},
): Promise<BaseImage> {
  const ref = `${OFFLINE_BASE_REPO}:${version}`;
  const cached = await cachedOfflineBase(docker, ref);
  let base: BaseImage;
  if (cached) base = { ref, id: cached.id, source: "offline-cached" };
  else {
    const binary = await bunFromNpm(version, options);
    const imported = await importBunBase(docker, binary, version);
    options.log?.(`imported ${ref} from Bun ${version} of the npm registry`);
    base = { ref, id: imported.id, source: "npm-built" };
  }
  const inside = await bunVersionInImage(docker, ref);
  if (inside !== version)
    throw new BunVersionImageError(
      version,
      `\`bun --version\` inside ${ref} printed ${inside === null ? "nothing" : inside}`,
      `remove the image (docker rmi ${ref}) and run again to re-import it`,
    );
  return base;
}
