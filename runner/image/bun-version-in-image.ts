import type { DockerApi } from "../docker/docker-api.ts";
import { nanoCpusOf } from "../units/units.ts";

const CHECK_MEMORY_BYTES = 256 * 1024 * 1024;
const CHECK_TIMEOUT_MS = 30_000;

/** `bun --version` run inside an image (offline, unprivileged, limited); null when it does not answer. */
export async function bunVersionInImage(docker: DockerApi, image: string): Promise<string | null> {
  const id = await docker.createContainer({
    image,
    entrypoint: ["bun"],
    cmd: ["--version"],
    env: {},
    labels: { "bun-capacity.purpose": "bun-version-check" },
    user: "1000",
    nanoCpus: nanoCpusOf(1),
    memoryBytes: CHECK_MEMORY_BYTES,
    memorySwapBytes: CHECK_MEMORY_BYTES,
    readonlyRootfs: true,
    tmpfs: { "/tmp": "rw,nosuid,nodev,size=16m" },
    capDrop: ["ALL"],
    securityOpt: ["no-new-privileges"],
    pidsLimit: 64,
    networkMode: "none",
  });
  try {
    await docker.startContainer(id);
    const exited = await Promise.race([
      docker.waitContainer(id),
      Bun.sleep(CHECK_TIMEOUT_MS).then(() => null),
    ]);
    if (exited !== 0) return null;
    return (await docker.containerLogs(id)).stdout.trim() || null;
  } finally {
    await docker.killContainer(id).catch(() => undefined);
    await docker.removeContainer(id).catch(() => undefined);
  }
}
