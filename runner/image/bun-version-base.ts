import type { DockerApi } from "../docker/docker-api.ts";
import { bunFromNpm } from "./bun-from-npm.ts";
import { BunVersionImageError } from "./bun-version-image-error.ts";
import { bunVersionInImage } from "./bun-version-in-image.ts";
import { cachedOfflineBase } from "./cached-offline-base.ts";
import { OFFLINE_BASE_REPO } from "./image-defaults.ts";
import { importBunBase } from "./offline-base-image.ts";
import type { BaseImage } from "./resolve-base-image.ts";

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
