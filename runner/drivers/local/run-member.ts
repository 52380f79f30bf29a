import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import { secondsOfNanos } from "../../units/nanos.ts";
import type { MemberOutcome } from "../execution-driver.ts";
import { RunAbortedError } from "../run-aborted-error.ts";
import { waitWithTimeout } from "../wait-with-timeout.ts";
import { KILL_GRACE_MS } from "./local-driver-defaults.ts";
import { startWatched } from "./start-watched.ts";
import type { ContainerAccounting } from "./with-cgroup-parent.ts";

/** Removals of finished members still in flight; a pod's finish() waits for them (settleMemberRemovals). */
const pendingRemovals = new Set<Promise<void>>();

/** Waits until every finished member's container and parent cgroup are removed. */
export async function settleMemberRemovals(): Promise<void> {
  while (pendingRemovals.size > 0) await Promise.all([...pendingRemovals]);
}

/**
 * Runs one unlimited container to its end (stdin written then closed), killing it at the timeout. Its CPU is the
 * kernel's total for its parent cgroup when the host allows (final once it exited), else the last stats sample. The
 * container and its parent cgroup are removed in the background: the next step need not wait ~0.1 s for them.
 */
export async function runMember(
  docker: DockerApi,
  accounting: ContainerAccounting | null,
  spec: ContainerSpec,
  stdin: string | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<MemberOutcome> {
  const parent = accounting?.open() ?? null;
  let id: string | null = null;
  try {
    id = await docker.createContainer(parent ? { ...spec, cgroupParent: parent.path } : spec);
    const result = await runContainer(docker, id, stdin, timeoutMs, signal);
    const totals = parent ? await parent.totals() : null;
    return totals?.cpuNanos == null ? result : { ...result, cpuSeconds: secondsOfNanos(totals.cpuNanos) };
  } finally {
    const created = id;
    const removal = (async () => {
      if (created) await docker.removeContainer(created).catch(() => undefined);
      await parent?.remove();
    })();
    pendingRemovals.add(removal);
    removal.finally(() => pendingRemovals.delete(removal));
  }
}

async function runContainer(
  docker: DockerApi,
  id: string,
  stdin: string | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Omit<MemberOutcome, "cpuSeconds"> & { cpuSeconds: number }> {
  const send = stdin === undefined ? null : await docker.attachStdin(id);
  const watched = await startWatched(docker, id);
  if (send) await send(stdin ?? "");
  const outcome = await waitWithTimeout(docker.waitContainer(id), timeoutMs, signal);
  const stats = watched.stopStats();
  if (outcome.kind !== "exited") {
    await docker.killContainer(id);
    await waitWithTimeout(docker.waitContainer(id), KILL_GRACE_MS);
  }
  watched.stopOomWatch();
  if (outcome.kind === "aborted") throw new RunAbortedError(String(signal?.reason ?? "signal"));
  const logs = await docker.containerLogs(id);
  return {
    exitCode: outcome.kind === "exited" ? outcome.exitCode : null,
    timedOut: outcome.kind === "timeout",
    stdout: logs.stdout,
    stderr: logs.stderr,
    cpuSeconds: stats?.cpuSeconds ?? 0,
  };
}
