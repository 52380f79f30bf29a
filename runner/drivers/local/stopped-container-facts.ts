import type { DockerApi } from "../../docker/docker-api.ts";
import type { RunFacts } from "../execution-driver.ts";

/** What the caller already knows of a stopped run; exitCode undefined: the container's own. */
export type KnownFacts = Pick<
  RunFacts,
  "timedOut" | "oomEvent" | "stats" | "node" | "startupMs" | "wallSeconds"
> & { exitCode?: number | null };

/** A stopped container's logs and final state, with what the caller measured, as its run's facts. */
export async function stoppedContainerFacts(
  docker: DockerApi,
  id: string,
  known: KnownFacts,
): Promise<RunFacts> {
  const logs = await docker.containerLogs(id);
  const state = await docker.inspectContainer(id);
  return {
    ...known,
    exitCode: known.exitCode === undefined ? state.exitCode : known.exitCode,
    oomKilled: state.oomKilled,
    stdout: logs.stdout,
    stderr: logs.stderr,
    applied: state.applied,
    hostOtherCpuCores: null,
  };
}
