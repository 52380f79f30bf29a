import type { DockerApi } from "../../docker/docker-api.ts";
import { OWNER_HOST_LABEL, OWNER_PID_LABEL, RUN_ID_LABEL } from "../run-labels.ts";

/**
 * Removes containers left by runs whose process is gone: labelled with our run-id, started from this host, and
 * owned by a pid that no longer exists. Containers of live runs (and of other hosts sharing the engine) stay.
 */
export async function removeOrphans(
  docker: DockerApi,
  host: string,
  isAlive: (pid: number) => boolean = processIsAlive,
): Promise<string[]> {
  const removed: string[] = [];
  for (const container of await docker.listContainers(RUN_ID_LABEL)) {
    const pid = Number(container.labels[OWNER_PID_LABEL]);
    const sameHost = container.labels[OWNER_HOST_LABEL] === host;
    if (!sameHost || (Number.isInteger(pid) && pid > 0 && isAlive(pid))) continue;
    await docker.removeContainer(container.id);
    removed.push(container.id);
  }
  return removed;
}

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM"; // exists, owned by someone else
  }
}
