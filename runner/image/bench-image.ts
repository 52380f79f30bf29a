import { join } from "node:path";
import type { DockerApi } from "../docker/docker-api.ts";
import { ImageMissingError } from "../docker/docker-error.ts";
import { PACKAGE_ROOT } from "../package/tool-home.ts";
import type { PlanImage } from "../plan/plan.ts";
import {
  type BaseImage,
  type BaseImageOptions,
  ensureBunVersionBase,
  resolveBaseImage,
  standInBases,
} from "./base-image.ts";
import { bundledEntries, contextFiles, contextTar, inputsHash } from "./build-context.ts";
import { readBunVersion } from "./bun-version.ts";
import {
  BASE_SOURCE_LABEL,
  BENCH_IMAGE_REPO,
  IMAGE_TAG_HASH_CHARS,
  INPUTS_HASH_LABEL,
  USER_IMAGE_REPO,
} from "./image-defaults.ts";
import { BunVersionImageError } from "./image-error.ts";

export interface BenchImage {
  ref: string;
  id: string;
  /** null for a prebuilt image (kind image) */
  inputsHash: string | null;
  /** null when the Dockerfile takes no BUN_IMAGE argument, or for a prebuilt image */
  base: BaseImage | null;
  /** false when an image with the same inputs hash already existed */
  built: boolean;
  buildSeconds: number;
}

export interface BenchImageOptions {
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** A variant's bunVersion: the base is imported from that version of Bun's npm package. */
  bunVersion?: string | null;
  /** Only these paths of the context are sent (default: the bundled image's, or the context as Docker sends it). */
  entries?: string[];
  /** The image's repository (default: bun-capacity/bench for the bundled image, bun-capacity/user-image otherwise). */
  repo?: string;
}

/** The image the cells run: a prebuilt one (must be local), or a build cached by the hash of its inputs. */
export async function ensureImage(
  docker: DockerApi,
  image: PlanImage,
  options: BenchImageOptions = {},
): Promise<BenchImage> {
  if (image.kind === "image") {
    const found = await docker.inspectImage(image.ref);
    if (!found) throw new ImageMissingError(image.ref);
    return { ref: image.ref, id: found.id, inputsHash: null, base: null, built: false, buildSeconds: 0 };
  }
  const log = options.log ?? ((line: string) => console.error(`[image] ${line}`));
  const started = performance.now();
  const bundled = bundledEntries(image);
  const dockerfilePath = join(image.context, image.dockerfile);
  const dockerfileText = await Bun.file(dockerfilePath).text();
  const takesBase = /^\s*ARG\s+BUN_IMAGE\b/m.test(dockerfileText);
  const bunVersion = await readBunVersion(PACKAGE_ROOT);
  const base = takesBase
    ? await pickBase(docker, { bunVersion, env: options.env, log }, options.bunVersion)
    : null;
  if (!takesBase && options.bunVersion)
    throw new BunVersionImageError(
      options.bunVersion,
      `${dockerfilePath} has no \`ARG BUN_IMAGE\`, so its base cannot be swapped`,
      "start the Dockerfile with `ARG BUN_IMAGE` and a FROM of that argument, or drop bunVersion",
    );
  if (base) log(`base image: ${base.ref} (${base.source})`);
  // A user's own FROM oven/bun:<tag>, not local and with no registry: a stand-in of that Bun version.
  const standIn = takesBase
    ? { dockerfileText: null, base: null }
    : await standInBases(docker, dockerfileText, { env: options.env, log, dockerfilePath });
  const files = await contextFiles(image.context, options.entries ?? bundled, image.dockerfile);
  const buildArgs = { ...image.args, ...(base ? { BUN_IMAGE: base.ref } : {}) };
  // The Dockerfile's path too: two Dockerfiles in one context build different images.
  const recipe = `${base?.id ?? standIn.base?.id ?? "none"} ${image.dockerfile} ${JSON.stringify(buildArgs)} ${standIn.dockerfileText ?? ""}`;
  const hash = await inputsHash(image.context, files, recipe);
  const repo = options.repo ?? (bundled ? BENCH_IMAGE_REPO : USER_IMAGE_REPO);
  const ref = `${repo}:${hash.slice(0, IMAGE_TAG_HASH_CHARS)}`;
  const recorded = base ?? standIn.base;
  const existing = await docker.inspectImage(ref);
  if (existing && existing.labels[INPUTS_HASH_LABEL] === hash) {
    log(`image ${ref} is up to date (inputs unchanged)`);
    return { ref, id: existing.id, inputsHash: hash, base: recorded, built: false, buildSeconds: 0 };
  }
  log(`building ${ref} from ${files.length} files of ${image.context}`);
  const tar = await contextTar(image.context, files, image.dockerfile, standIn.dockerfileText);
  const labels: Record<string, string> = { [INPUTS_HASH_LABEL]: hash };
  if (recorded)
    Object.assign(labels, { [BASE_SOURCE_LABEL]: recorded.source, "bun-capacity.base-ref": recorded.ref });
  const id = await docker.buildImage(tar.stream, {
    tag: ref,
    dockerfile: image.dockerfile,
    buildArgs,
    labels,
  });
  await tar.done;
  const buildSeconds = (performance.now() - started) / 1000;
  log(`built ${ref} in ${buildSeconds.toFixed(1)} s`);
  return { ref, id, inputsHash: hash, base: recorded, built: true, buildSeconds };
}

/** The usual base (resolveBaseImage), or a variant's Bun version imported from npm. */
function pickBase(docker: DockerApi, options: BaseImageOptions, variantBun: string | null | undefined) {
  return variantBun
    ? ensureBunVersionBase(docker, variantBun, { log: options.log })
    : resolveBaseImage(docker, options);
}
