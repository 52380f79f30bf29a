import type { DockerApi } from "../docker/docker-api.ts";
import { PACKAGE_ROOT } from "../package/tool-home.ts";
import { type BenchImageOptions, ensureImage } from "./bench-image.ts";

/** Our load generator's image: built from generator/Dockerfile (inside generator/) with only what it runs. */
export const GENERATOR_IMAGE_REPO = "bun-capacity/generator";
export const GENERATOR_DOCKERFILE = "generator/Dockerfile";
const GENERATOR_CONTEXT_ENTRIES = ["package.json", "bun.lock", "contract", "generator", "service/workloads"];

export interface GeneratorImage {
  ref: string;
  /** Our generator's version: the short hash of its inputs (its code, the lockfile, the base). */
  version: string;
  /** The image's inputs hash: a calibration is valid for this generator build only. */
  inputsHash: string;
  built: boolean;
}

/** The generator image, built offline on the bench base and cached by the hash of its inputs. */
export async function ensureGeneratorImage(
  docker: DockerApi,
  options: Pick<BenchImageOptions, "env" | "log"> = {},
): Promise<GeneratorImage> {
  const image = await ensureImage(
    docker,
    { kind: "build", context: PACKAGE_ROOT, dockerfile: GENERATOR_DOCKERFILE, args: {} },
    { ...options, entries: GENERATOR_CONTEXT_ENTRIES, repo: GENERATOR_IMAGE_REPO },
  );
  const inputsHash = image.inputsHash ?? "";
  return { ref: image.ref, version: inputsHash.slice(0, 12), inputsHash, built: image.built };
}
