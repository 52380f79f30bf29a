import type { DockerApi } from "../docker/docker-api.ts";
import { cachedOfflineBase } from "./cached-offline-base.ts";
import {
  BASE_IMAGE_ENV,
  defaultBaseImage,
  OFFLINE_BASE_REPO,
  OFFLINE_ENV,
  PULL_TIMEOUT_MS,
} from "./image-defaults.ts";
import { buildOfflineBaseImage } from "./offline-base-image.ts";

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
