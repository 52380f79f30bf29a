import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import { hostOtherCpuCores } from "../../host/host-other-cpu-cores.ts";
import type { CpuSeen } from "../../results/cpu-placement.ts";
import { secondsOfNanos } from "../../units/nanos.ts";
import type {
  MemberOutcome,
  NodeFacts,
  PodCpuSeconds,
  PodHandle,
  PodMemberSpec,
  RunFacts,
} from "../execution-driver.ts";
import { waitWithTimeout } from "../wait-with-timeout.ts";
import type { ParentCgroup } from "./cgroup-parent.ts";
import { containerCpuSeconds } from "./container-cpu-seconds.ts";
import { KILL_GRACE_MS } from "./local-driver-defaults.ts";
import type { LocalEnvironment } from "./local-environment.ts";
import { mergeCgroupTotals } from "./merge-cgroup-totals.ts";
import { runMember, settleMemberRemovals } from "./run-member.ts";
import type { WatchedContainer } from "./start-watched.ts";
import { stoppedContainerFacts } from "./stopped-container-facts.ts";

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
      return { ...facts, stats, hostOtherCpuCores: other, cpuSeen: this.cpuSeen };
    } finally {
      await this.removeContainers();
      await parts.parent?.remove();
    }
  }

  private async removeContainers(): Promise<unknown> {
    await settleMemberRemovals(); // the members joined the holder's namespace: gone before the holder is
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
