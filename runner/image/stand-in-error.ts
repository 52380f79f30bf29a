import { ImageMissingError } from "../docker/docker-error.ts";

/** A FROM oven/bun:<tag> image that is not local, with no registry reachable, and no stand-in for its tag. */
export class StandInError extends ImageMissingError {
  constructor(ref: string, where: string, why: string) {
    super(ref);
    this.name = "StandInError";
    this.message = `FROM ${ref} (${where}) is not on this Docker engine and no registry answered, and ${why}. Next step: \`docker pull ${ref}\` (or \`docker load\` it) where a registry is reachable, or use a version tag like oven/bun:${Bun.version}-slim`;
  }
}
