import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import { secondsOfNanos } from "../../units/units.ts";
import type { MemberOutcome } from "../execution-driver.ts";
import { RunAbortedError } from "../run-aborted-error.ts";
import { waitWithTimeout } from "../wait-with-timeout.ts";
import { KILL_GRACE_MS } from "./local-driver-defaults.ts";
import { startWatched } from "./start-watched.ts";
import { type ContainerAccounting, withCgroupParent } from "./with-cgroup-parent.ts";

/**
 * Runs one unlimited container to its end (stdin written then closed), killing it at the timeout; always removed.
 * Its CPU is the kernel's total for its parent cgroup when the host allows, else the last stats sample.
 */
export async function runMember(
  docker: DockerApi,
  accounting: ContainerAccounting | null,
  spec: ContainerSpec,
  stdin: string | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<MemberOutcome> {
  const run = (s: ContainerSpec) => runContainer(docker, s, stdin, timeoutMs, signal);
  const { result, totals } = await withCgroupParent(accounting, spec, run);
  return totals?.cpuNanos == null ? result : { ...result, cpuSeconds: secondsOfNanos(totals.cpuNanos) };
}

async function runContainer(
  docker: DockerApi,
  spec: ContainerSpec,
  stdin: string | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<MemberOutcome> {
  const id = await docker.createContainer(spec);
  try {
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
  } finally {
    await docker.removeContainer(id).catch(() => undefined);
  }
}
