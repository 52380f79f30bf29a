import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import type { NodeFacts, RunFacts, RunOptions } from "../execution-driver.ts";
import { RunAbortedError } from "../run-aborted-error.ts";
import { waitWithTimeout } from "../wait-with-timeout.ts";
import { KILL_GRACE_MS } from "./local-driver-defaults.ts";
import { mergeCgroupTotals } from "./merge-cgroup-totals.ts";
import { startWatched } from "./start-watched.ts";
import { type ContainerAccounting, withCgroupParent } from "./with-cgroup-parent.ts";

/**
 * Creates, starts and watches one container until it exits, times out or is aborted; it is always removed. Under a
 * parent cgroup (when the host allows) its peak memory and CPU come from the kernel's own totals.
 */
export async function runToExit(
  docker: DockerApi,
  spec: ContainerSpec,
  options: RunOptions,
  node: NodeFacts | null,
  accounting: ContainerAccounting | null,
): Promise<RunFacts> {
  const { result, totals } = await withCgroupParent(accounting, spec, (s) =>
    runContainer(docker, s, options, node),
  );
  return { ...result, stats: mergeCgroupTotals(result.stats, totals, spec.memoryBytes) };
}

async function runContainer(
  docker: DockerApi,
  spec: ContainerSpec,
  options: RunOptions,
  node: NodeFacts | null,
): Promise<RunFacts> {
  const id = await docker.createContainer(spec);
  try {
    const watched = await startWatched(docker, id);
    const outcome = await waitWithTimeout(docker.waitContainer(id), options.timeoutMs, options.signal);
    const wallSeconds = (Date.now() - watched.startedAtMs) / 1000;
    const stats = watched.stopStats();
    if (outcome.kind !== "exited") {
      await docker.killContainer(id);
      await waitWithTimeout(docker.waitContainer(id), KILL_GRACE_MS);
    }
    const oomEvent = watched.stopOomWatch();
    if (outcome.kind === "aborted") throw new RunAbortedError(String(options.signal?.reason ?? "signal"));
    const logs = await docker.containerLogs(id);
    const state = await docker.inspectContainer(id);
    return {
      exitCode: outcome.kind === "exited" ? outcome.exitCode : state.exitCode,
      timedOut: outcome.kind === "timeout",
      oomKilled: state.oomKilled,
      oomEvent,
      stdout: logs.stdout,
      stderr: logs.stderr,
      stats,
      applied: state.applied,
      node,
      hostOtherCpuCores: null,
      startupMs: null,
      wallSeconds,
    };
  } finally {
    await docker.removeContainer(id).catch(() => undefined);
  }
}
