import { DockerBuildError } from "../docker/docker-build-error.ts";
import { DockerRequestError } from "../docker/docker-request-error.ts";
import { DockerUnavailableError } from "../docker/docker-unavailable-error.ts";
import { ImageMissingError } from "../docker/image-missing-error.ts";
import { RunStoreError } from "../results/run-store-error.ts";

const KNOWN = [
  DockerUnavailableError,
  DockerBuildError,
  ImageMissingError,
  DockerRequestError,
  RunStoreError,
];

/** One clear message on stderr instead of a stack trace (set BUN_CAPACITY_DEBUG=1 for the trace); returns exit 1. */
export function printFailure(error: unknown): number {
  const known = KNOWN.some((kind) => error instanceof kind);
  const message = error instanceof Error ? error.message : String(error);
  console.error(known ? `error: ${message}` : `unexpected error: ${message} (a bug: please report it)`);
  if (process.env.BUN_CAPACITY_DEBUG === "1" && error instanceof Error) console.error(error.stack);
  return 1;
}
