import { DockerBuildError } from "./docker-build-error.ts";
import { DockerRequestError } from "./docker-request-error.ts";
import { DockerUnavailableError } from "./docker-unavailable-error.ts";
import { ImageMissingError } from "./image-missing-error.ts";

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ENOENT",
  "EACCES",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);

/** Maps whatever dockerode threw to one of our typed errors, keeping the original as `cause`. */
export function toDockerError(action: string, error: unknown): Error {
  if (
    error instanceof DockerBuildError ||
    error instanceof DockerUnavailableError ||
    error instanceof ImageMissingError ||
    error instanceof DockerRequestError
  ) {
    return error;
  }
  const e = error as { code?: string; statusCode?: number; json?: { message?: string }; message?: string };
  if ((e.code && CONNECTION_ERROR_CODES.has(e.code)) || /socket hang up|connect E/i.test(e.message ?? "")) {
    return new DockerUnavailableError(action, { cause: error });
  }
  const detail = e.json?.message ?? e.message ?? String(error);
  return new DockerRequestError(action, e.statusCode ?? null, detail, { cause: error });
}
