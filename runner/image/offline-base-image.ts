import { createReadStream } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import type { DockerApi } from "../docker/docker-api.ts";
import { cachedOfflineBase } from "./cached-offline-base.ts";
import { BASE_FORMAT, BASE_FORMAT_LABEL, OFFLINE_BASE_REPO } from "./image-defaults.ts";
import { HOST_CA_BUNDLE, populateRootfs, rootfsTar } from "./offline-base-rootfs.ts";

export interface OfflineBase {
  ref: string;
  id: string;
  bunPath: string;
  bunVersion: string;
}

/** Without a registry: a base image like oven/bun:<version>-slim (Bun, sh, coreutils, a bun user) from the host. */
export async function buildOfflineBaseImage(docker: DockerApi): Promise<OfflineBase> {
  const bunPath = await realpath(Bun.which("bun") ?? process.execPath);
  const bunVersion = (await execa(bunPath, ["--version"])).stdout.trim();
  return importBunBase(docker, bunPath, bunVersion);
}

/** `bun-capacity/bun-base:<version>` from a Bun binary (the installed one, or one from npm); reused when current. */
export async function importBunBase(
  docker: DockerApi,
  bunPath: string,
  bunVersion: string,
): Promise<OfflineBase> {
  const ref = `${OFFLINE_BASE_REPO}:${bunVersion}`;
  const existing = await cachedOfflineBase(docker, ref);
  if (existing) return { ref, id: existing.id, bunPath, bunVersion };

  const work = await mkdtemp(join(tmpdir(), "bun-capacity-rootfs-"));
  try {
    const rootfs = join(work, "rootfs");
    await populateRootfs(rootfs, bunPath);
    await rootfsTar(rootfs, join(work, "rootfs.tar"));
    const id = await docker.importImage(createReadStream(join(work, "rootfs.tar")), {
      repo: OFFLINE_BASE_REPO,
      tag: bunVersion,
      // The official slim image's settings (oven-sh/bun dockerhub/debian-slim/Dockerfile); no USER: it runs as root.
      changes: [
        "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/local/bun-node-fallback-bin",
        // The host's trust store, as a slim image carries ca-certificates: `bun install` in the build verifies TLS with it.
        `ENV NODE_EXTRA_CA_CERTS=${HOST_CA_BUNDLE}`,
        "ENV BUN_RUNTIME_TRANSPILER_CACHE_PATH=0",
        "ENV BUN_INSTALL_BIN=/usr/local/bin",
        "WORKDIR /home/bun/app",
        'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]',
        'CMD ["/usr/local/bin/bun"]',
        "LABEL bun-capacity.base-source=offline",
        `LABEL ${BASE_FORMAT_LABEL}=${BASE_FORMAT}`,
      ],
    });
    return { ref, id, bunPath, bunVersion };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
