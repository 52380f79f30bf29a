import { ImageMissingError } from "../docker/docker-error.ts";

/** A variant's Bun version could not be turned into a base image: the download, the binary or the image failed. */
export class BunVersionImageError extends Error {
  override readonly name = "BunVersionImageError";
  constructor(
    readonly bunVersion: string,
    problem: string,
    readonly nextStep: string,
    options: { cause?: unknown } = {},
  ) {
    super(`Bun ${bunVersion} (a variant's bunVersion): ${problem}. Next step: ${nextStep}`, options);
  }
}

/** A FROM oven/bun:<tag> image that is not local, with no registry reachable, and no stand-in for its tag. */
export class StandInError extends ImageMissingError {
  constructor(ref: string, where: string, why: string) {
    super(ref);
    this.name = "StandInError";
    this.message = `FROM ${ref} (${where}) is not on this Docker engine and no registry answered, and ${why}. Next step: \`docker pull ${ref}\` (or \`docker load\` it) where a registry is reachable, or use a version tag like oven/bun:${Bun.version}-slim`;
  }
}
