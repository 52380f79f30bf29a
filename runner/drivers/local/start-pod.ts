import type { DockerApi } from "../../docker/docker-api.ts";
import type { PodHandle, PodMemberSpec, PodSpec, RunOptions } from "../execution-driver.ts";
import { memberContainerSpec } from "../member-container-spec.ts";
import { PodStartError } from "../pod-start-error.ts";
import { readSeenCpus } from "../read-seen-cpus.ts";
import { RunAbortedError } from "../run-aborted-error.ts";
import { holderContainerSpec } from "./holder-container-spec.ts";
import { READY_RETRY_MS } from "./local-driver-defaults.ts";
import type { LocalEnvironment } from "./local-environment.ts";
import { LocalPod } from "./local-pod.ts";
import { runMember, settleMemberRemovals } from "./run-member.ts";
import { startWatched } from "./start-watched.ts";
import type { ContainerAccounting } from "./with-cgroup-parent.ts";

/**
 * Server mode on the local engine: an idle holder owns a loopback-only network namespace; sidecars (unlimited) join
 * it and are readied in order; then the limited service joins it and the readiness member polls it. On any failure
 * every container of the pod is removed. With `holderId`, the pod joins that running container's namespace instead
 * (the Swarm driver's anchor task), which the caller owns and removes.
 */
export async function startPod(
  env: LocalEnvironment,
  spec: PodSpec,
  options: RunOptions,
  holderId?: string,
): Promise<PodHandle> {
  const { docker, accounting, node } = env;
  const labels = spec.service.labels;
  const created: string[] = [];
  const create = async (containerSpec: Parameters<DockerApi["createContainer"]>[0]) => {
    const id = await docker.createContainer(containerSpec);
    created.push(id);
    return id;
  };
  const removeAll = () => Promise.all(created.map((id) => docker.removeContainer(id).catch(() => undefined)));
  const deadline = Date.now() + spec.readinessTimeoutMs;
  const parent = accounting?.open() ?? null;
  try {
    const holder =
      holderId ?? (await create(holderContainerSpec(spec.holderImage, labels, spec.membersCpuset)));
    if (!holderId) await docker.startContainer(holder);
    const member = (m: PodMemberSpec) => memberContainerSpec(m, labels, holder, spec.membersCpuset);
    const sidecarIds: Record<string, string> = {};
    for (const sidecar of spec.sidecars) {
      const id = await create(member({ ...sidecar, stdin: undefined }));
      sidecarIds[sidecar.name] = id;
      await docker.startContainer(id);
      if (!sidecar.readyCmd) continue;
      const check = member({ ...sidecar, cmd: sidecar.readyCmd, stdin: undefined });
      if (!(await untilExitZero(docker, accounting, check, undefined, deadline, options.signal))) {
        throw new PodStartError(
          "sidecar-not-ready",
          `sidecar ${sidecar.name}: its ready check ${JSON.stringify(sidecar.readyCmd)} did not exit 0 within ${spec.readinessTimeoutMs} ms`,
          null,
        );
      }
    }
    const service = { ...spec.service, networkMode: `container:${holder}` };
    const serviceId = await create(parent ? { ...service, cgroupParent: parent.path } : service);
    const watched = await startWatched(docker, serviceId);
    const busyAtStart = await env.hostBusySeconds();
    const memoryLimitBytes = service.memoryBytes;
    const parts = {
      serviceId,
      sidecarIds,
      created,
      watched,
      node,
      member,
      parent,
      memoryLimitBytes,
      busyAtStart,
      env,
    };
    const pod = new LocalPod(docker, parts);
    const exited = new AbortController();
    pod.serviceExit.then(() => exited.abort("service exited"));
    const signal = options.signal ? AbortSignal.any([options.signal, exited.signal]) : exited.signal;
    const probe = member(spec.readiness);
    const ready = await untilExitZero(docker, accounting, probe, spec.readiness.stdin, deadline, signal);
    if (options.signal?.aborted) {
      await pod.finish().catch(() => undefined);
      throw new RunAbortedError(String(options.signal.reason ?? "signal"));
    }
    if (ready) {
      pod.markReady(Date.now() - watched.startedAtMs, await readSeenCpus(docker, serviceId));
      return pod;
    }
    const facts = await pod.finish();
    if (exited.signal.aborted) {
      throw new PodStartError(
        "service-exited",
        `the service exited (code ${facts.exitCode}) before it was ready`,
        facts,
      );
    }
    throw new PodStartError(
      "service-not-ready",
      `the service was not ready within ${spec.readinessTimeoutMs} ms`,
      facts,
    );
  } catch (error) {
    await settleMemberRemovals();
    await removeAll();
    await parent?.remove();
    throw error;
  }
}

/** Runs a check member until it exits 0 (true), the deadline passes or the signal fires (false). */
async function untilExitZero(
  docker: DockerApi,
  accounting: ContainerAccounting | null,
  check: Parameters<DockerApi["createContainer"]>[0],
  stdin: string | undefined,
  deadlineMs: number,
  signal?: AbortSignal,
): Promise<boolean> {
  while (Date.now() < deadlineMs && !signal?.aborted) {
    try {
      const outcome = await runMember(docker, accounting, check, stdin, deadlineMs - Date.now(), signal);
      if (outcome.exitCode === 0) return true;
    } catch (error) {
      if (error instanceof RunAbortedError) return false;
      throw error;
    }
    await Bun.sleep(Math.min(READY_RETRY_MS, Math.max(0, deadlineMs - Date.now())));
  }
  return false;
}
