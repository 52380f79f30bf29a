import type { DockerApi } from "../docker/docker-api.ts";
import { bunImageTag } from "./bun-image-tag.ts";
import { ensureBunVersionBase } from "./bun-version-base.ts";
import { dockerfileInstructions } from "./dockerfile-instructions.ts";
import { fromImages } from "./from-images.ts";
import { OFFLINE_ENV, PULL_TIMEOUT_MS } from "./image-defaults.ts";
import { buildOfflineBaseImage } from "./offline-base-image.ts";
import type { BaseImage } from "./resolve-base-image.ts";
import { resolveBunRange } from "./resolve-bun-range.ts";
import { StandInError } from "./stand-in-error.ts";

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
