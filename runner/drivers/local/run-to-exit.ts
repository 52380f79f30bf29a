import type { ContainerSpec } from "../../docker/docker-api.ts";
import { hostOtherCpuCores } from "../../host/host-other-cpu-cores.ts";
import type { RunFacts, RunOptions } from "../execution-driver.ts";
import { readSeenCpus } from "../read-seen-cpus.ts";
import { RunAbortedError } from "../run-aborted-error.ts";
import { waitWithTimeout } from "../wait-with-timeout.ts";
import { KILL_GRACE_MS } from "./local-driver-defaults.ts";
import type { LocalEnvironment } from "./local-environment.ts";
import { mergeCgroupTotals } from "./merge-cgroup-totals.ts";
import { startWatched } from "./start-watched.ts";
import { stoppedContainerFacts } from "./stopped-container-facts.ts";
import { withCgroupParent } from "./with-cgroup-parent.ts";

/**
 * Creates, starts and watches one container until it exits, times out or is aborted; it is always removed. Under a
 * parent cgroup (when the host allows) its peak memory and CPU come from the kernel's own totals.
 */
export async function runToExit(
  env: LocalEnvironment,
  spec: ContainerSpec,
  options: RunOptions,
): Promise<RunFacts> {
  const { result, totals } = await withCgroupParent(env.accounting, spec, (s) =>
    runContainer(env, s, options),
  );
  const { facts, hostBusySeconds } = result;
  const stats = mergeCgroupTotals(facts.stats, totals, spec.memoryBytes);
  const other = hostOtherCpuCores(hostBusySeconds, stats?.cpuSeconds ?? 0, facts.wallSeconds);
  return { ...facts, stats, hostOtherCpuCores: other };
}

async function runContainer(
  env: LocalEnvironment,
  spec: ContainerSpec,
  options: RunOptions,
): Promise<{ facts: RunFacts; hostBusySeconds: number | null }> {
  const { docker, node } = env;
  const id = await docker.createContainer(spec);
  try {
    const watched = await startWatched(docker, id);
    const startedAt = performance.now();
    // Read while it runs (in-process mode has no readiness to wait for); an early exit leaves figures null.
    const cpuSeen = readSeenCpus(docker, id);
    const busyAtStart = await env.hostBusySeconds();
    const outcome = await waitWithTimeout(docker.waitContainer(id), options.timeoutMs, options.signal);
    const busyAtEnd = await env.hostBusySeconds();
    const wallSeconds = (performance.now() - startedAt) / 1000;
    const stats = watched.stopStats();
    if (outcome.kind !== "exited") {
      await docker.killContainer(id);
      await waitWithTimeout(docker.waitContainer(id), KILL_GRACE_MS);
    }
    const oomEvent = watched.stopOomWatch();
    if (outcome.kind === "aborted") throw new RunAbortedError(String(options.signal?.reason ?? "signal"));
    const facts = await stoppedContainerFacts(docker, id, {
      exitCode: outcome.kind === "exited" ? outcome.exitCode : undefined,
      timedOut: outcome.kind === "timeout",
      oomEvent,
      stats,
      node,
      startupMs: null,
      wallSeconds,
    });
    const hostBusySeconds = busyAtStart !== null && busyAtEnd !== null ? busyAtEnd - busyAtStart : null;
    return { facts: { ...facts, cpuSeen: await cpuSeen }, hostBusySeconds };
  } finally {
    await docker.removeContainer(id).catch(() => undefined);
  }
}
