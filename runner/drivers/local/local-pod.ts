import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import { hostOtherCpuCores } from "../../host/host-probe.ts";
import type { CpuSeen } from "../../results/cell-record.ts";
import { secondsOfNanos } from "../../units/units.ts";
import { PodStartError, RunAbortedError } from "../driver-error.ts";
import type {
  MemberOutcome,
  MemberSession,
  NodeFacts,
  PodCpuSeconds,
  PodHandle,
  PodMemberSpec,
  PodSpec,
  RunFacts,
  RunOptions,
} from "../execution-driver.ts";
import { memberContainerSpec } from "../member-container-spec.ts";
import { readSeenCpus } from "../read-seen-cpus.ts";
import {
  type ContainerAccounting,
  containerCpuSeconds,
  mergeCgroupTotals,
  type ParentCgroup,
} from "./cgroup-accounting.ts";
import { HOLDER_ENTRYPOINT, KILL_GRACE_MS, type LocalEnvironment, READY_RETRY_MS } from "./local-driver.ts";
import { startMemberSession } from "./member-session.ts";
import {
  runMember,
  startWatched,
  stoppedContainerFacts,
  type WatchedContainer,
  waitWithTimeout,
} from "./watched-container.ts";

export interface LocalPodParts {
  serviceId: string;
  /** Sidecar container ids by sidecar name, for their CPU (reported apart from the service's). */
  sidecarIds: Record<string, string>;
  /** Every container of the pod (holder, sidecars, service), removed by finish(). */
  created: string[];
  watched: WatchedContainer;
  node: NodeFacts | null;
  member: (spec: PodMemberSpec) => ContainerSpec;
  /** The service's parent cgroup (its kernel totals), if any. */
  parent: ParentCgroup | null;
  memoryLimitBytes: number;
  /** The host's busy CPU-seconds when the service started (null: not sampled). */
  busyAtStart: number | null;
  env: LocalEnvironment;
}

/** A running pod on the local engine; finish() is idempotent and always removes every container of the pod. */
export class LocalPod implements PodHandle {
  /** Resolves with the service's exit code when it stops (crash, OOM kill, or our kill in finish). */
  readonly serviceExit: Promise<number>;
  private ready: number | null = null;
  private finished: Promise<RunFacts> | null = null;
  private exitedAtMs: number | null = null;
  /** CPU of the pod's members so far: ours, so not counted as other host load. */
  private membersCpuSeconds = 0;
  private busyAtEnd: number | null = null;
  /** Read inside the service once it was ready. */
  private cpuSeen: CpuSeen | null = null;

  constructor(
    private readonly docker: DockerApi,
    private readonly parts: LocalPodParts,
  ) {
    this.serviceExit = docker.waitContainer(parts.serviceId).then((code) => {
      this.exitedAtMs ??= Date.now();
      return code;
    });
    this.serviceExit.catch(() => undefined); // the wait fails when the container is removed first
  }

  get startupMs(): number {
    return this.ready ?? 0;
  }

  markReady(startupMs: number, cpuSeen: CpuSeen | null = null): void {
    this.ready = startupMs;
    this.cpuSeen = cpuSeen;
  }

  async serviceRunning(): Promise<boolean> {
    return (await this.docker.inspectContainer(this.parts.serviceId)).running;
  }

  /** From the kernel's counters: the service's parent cgroup (or its own), each sidecar's cgroup; throws when unreadable. */
  async cpuSeconds(): Promise<PodCpuSeconds> {
    const read = async (id: string) => {
      const seconds = await containerCpuSeconds(id);
      if (seconds === null)
        throw new Error(`cannot read the cgroup CPU usage of container ${id.slice(0, 12)}`);
      return seconds;
    };
    const parentNanos = (await this.parts.parent?.totals())?.cpuNanos ?? null;
    const service = parentNanos !== null ? secondsOfNanos(parentNanos) : await read(this.parts.serviceId);
    const sidecars: Record<string, number> = {};
    for (const [name, id] of Object.entries(this.parts.sidecarIds)) sidecars[name] = await read(id);
    return { service, sidecars, hostBusy: await this.parts.env.hostBusySeconds() };
  }

  async runMember(spec: PodMemberSpec, timeoutMs: number, signal?: AbortSignal): Promise<MemberOutcome> {
    const { docker, parts } = this;
    const outcome = await runMember(
      docker,
      parts.env.accounting,
      parts.member(spec),
      spec.stdin,
      timeoutMs,
      signal,
    );
    this.membersCpuSeconds += outcome.cpuSeconds;
    return outcome;
  }

  async startSession(spec: PodMemberSpec): Promise<MemberSession> {
    const { docker, parts } = this;
    if (this.finished) throw new Error("the pod has finished: no session can start in it");
    return startMemberSession(docker, parts.member({ ...spec, stdin: "" }), {
      created: (id) => void parts.created.push(id),
      closed: (cpuSeconds) => {
        this.membersCpuSeconds += cpuSeconds;
      },
    });
  }

  finish(): Promise<RunFacts> {
    this.finished ??= this.collectAndRemove();
    return this.finished;
  }

  private async collectAndRemove(): Promise<RunFacts> {
    const { parts } = this;
    try {
      const facts = await this.collect();
      await this.removeContainers();
      const totals = (await parts.parent?.totals()) ?? null;
      const stats = mergeCgroupTotals(facts.stats, totals, parts.memoryLimitBytes);
      const busy =
        parts.busyAtStart !== null && this.busyAtEnd !== null ? this.busyAtEnd - parts.busyAtStart : null;
      const measured = (stats?.cpuSeconds ?? 0) + this.membersCpuSeconds;
      const other = hostOtherCpuCores(busy, measured, facts.wallSeconds);
      // The cgroup's own count of kernel OOM kills backs Docker's event (which a busy engine may drop).
      const oomEvent = facts.oomEvent || (totals?.oomKills ?? 0) > 0;
      return { ...facts, oomEvent, stats, hostOtherCpuCores: other, cpuSeen: this.cpuSeen };
    } finally {
      await this.removeContainers();
      await parts.parent?.remove();
    }
  }

  private async removeContainers(): Promise<unknown> {
    return Promise.all(
      this.parts.created.map((id) => this.docker.removeContainer(id).catch(() => undefined)),
    );
  }

  private async collect(): Promise<RunFacts> {
    const { docker, parts } = this;
    const id = parts.serviceId;
    const running = (await docker.inspectContainer(id)).running;
    this.busyAtEnd = await parts.env.hostBusySeconds();
    const endMs = this.exitedAtMs ?? Date.now();
    const stats = parts.watched.stopStats();
    if (running) {
      await docker.killContainer(id);
      await waitWithTimeout(docker.waitContainer(id), KILL_GRACE_MS);
    }
    return stoppedContainerFacts(docker, id, {
      exitCode: running ? null : undefined,
      timedOut: false,
      oomEvent: parts.watched.stopOomWatch(),
      stats,
      node: parts.node,
      startupMs: this.ready,
      wallSeconds: (endMs - parts.watched.startedAtMs) / 1000,
    });
  }
}

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

/** The pod's network namespace: loopback only (no route out), held by an idle, unprivileged, read-only process. */
export function holderContainerSpec(
  image: string,
  podLabels: Record<string, string>,
  cpusetCpus?: string,
): ContainerSpec {
  return {
    image,
    entrypoint: HOLDER_ENTRYPOINT,
    cmd: [],
    env: {},
    labels: podLabels,
    user: "1000:1000",
    nanoCpus: 0,
    memoryBytes: 0,
    memorySwapBytes: 0,
    readonlyRootfs: true,
    tmpfs: {},
    capDrop: ["ALL"],
    securityOpt: ["no-new-privileges"],
    pidsLimit: 0,
    networkMode: "none",
    ...(cpusetCpus && { cpusetCpus }),
  };
}
