import type { DockerApi } from "../../docker/docker-api.ts";
import { RUN_ID_LABEL } from "../run-labels.ts";

/** Removes every container of one run (after an interrupt); returns how many were removed. */
export async function removeRunContainers(docker: DockerApi, runId: string): Promise<number> {
  const containers = await docker.listContainers(`${RUN_ID_LABEL}=${runId}`);
  await Promise.all(containers.map((c) => docker.removeContainer(c.id)));
  return containers.length;
}
