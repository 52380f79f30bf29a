import type { ContainerSpec } from "../docker/docker-api.ts";
import type { AppliedLimits, CpuSeen, DockerStats, NodeFacts } from "../results/cell-record.ts";

/** The drivers the runner knows; nothing outside runner/drivers/ knows which one runs. */
export type DriverName = "local" | "swarm";

/** One machine that can measure: a Docker engine (local) or a swarm node (schema in results: it is stored). */
export type { NodeFacts };

/** How the limited container of one repetition ended, as the driver saw it from outside. */
export interface RunFacts {
  exitCode: number | null;
  timedOut: boolean;
  oomKilled: boolean;
  oomEvent: boolean;
  stdout: string;
  stderr: string;
  stats: DockerStats | null;
  applied: AppliedLimits | null;
  node: NodeFacts | null;
  /** Host CPU busy outside the measured containers during the run, in cores (null: not sampled). */
  hostOtherCpuCores: number | null;
  /** Milliseconds from container start to its first 2xx on readyPath (server mode), else null. */
  startupMs: number | null;
  /** From the container's start to its exit (or to the kill at the timeout). */
  wallSeconds: number;
  /** What the service saw of the host's CPUs, read inside it once it ran; absent: not read (a driver without exec). */
  cpuSeen?: CpuSeen | null;
}

/** A container started next to the service, in its network namespace, without limits (sidecar, generator, probe). */
export type PodMemberSpec = Pick<ContainerSpec, "image" | "cmd" | "env" | "labels"> & {
  /** Written to the container's stdin, then closed (e.g. a generator script). */
  stdin?: string;
};

export interface PodSpec {
  /** Runs the pod's idle network-namespace holder (any image with `bun` on PATH: the bench base image). */
  holderImage: string;
  /** The service under the cell's limits and hardening; its networkMode is replaced by the pod's namespace. */
  service: ContainerSpec;
  /** Started, in order, before the service; each must exit 0 from its ready check or the pod fails. */
  sidecars: Array<PodMemberSpec & { name: string; readyCmd: string[] | null }>;
  /** Run in the pod until it exits 0: the readiness probe (polls readyPath on 127.0.0.1). */
  readiness: PodMemberSpec;
  readinessTimeoutMs: number;
  /** Host cores for everything in the pod but the service (holder, sidecars, readiness, generator); absent: any. */
  membersCpuset?: string;
}

export interface MemberOutcome {
  exitCode: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** CPU the member used, in CPU-seconds (the generator's own cost). */
  cpuSeconds: number;
}

/** How one exchange with a session member ended: its end line came, it exited, the timeout passed or the signal fired. */
export type SessionEnd = "marker" | "exited" | "timeout" | "aborted";

export interface SessionExchange {
  ended: SessionEnd;
  /** Its stdout from the exchange's start, the end line included. */
  stdout: string;
  /** Its stderr from the exchange's start. */
  stderr: string;
  /** Set when it exited. */
  exitCode: number | null;
}

/** A long-lived pod member fed line by line on stdin (the generator's session); see PodHandle.startSession. */
export interface MemberSession {
  /**
   * Writes `input` (whole lines) to its stdin and collects its output until a stdout line satisfies `isEnd`, it
   * exits, `timeoutMs` passes or the signal fires. One exchange at a time.
   */
  exchange(
    input: string,
    isEnd: (line: string) => boolean,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<SessionExchange>;
  /**
   * Closes its stdin, kills it if it does not exit at once (`kill`: at once), and removes its container; idempotent.
   * Returns what it wrote after the last exchange returned (e.g. a failure's stderr line just after the end line).
   */
  close(options?: { kill?: boolean }): Promise<{ stdout: string; stderr: string }>;
}

export interface PodCpuSeconds {
  service: number;
  sidecars: Record<string, number>;
  /** The whole host's busy CPU-seconds so far (null: not readable here, e.g. a remote swarm node). */
  hostBusy?: number | null;
}

/** A started pod: the service is running and answered readyPath. */
export interface PodHandle {
  readonly startupMs: number;
  /** True while the limited service runs (false after a crash or an OOM kill). */
  serviceRunning(): Promise<boolean>;
  /**
   * Cumulative CPU-seconds so far of the service and of each sidecar (by name), read from outside (cgroup /
   * Docker stats): the runner takes differences around each load step. Optional: without it, per-step service
   * CPU and sidecar CPU are reported as unknown (null).
   */
  cpuSeconds?(): Promise<PodCpuSeconds>;
  /** Runs one container in the pod's network namespace, on the service's node, to its end. */
  runMember(spec: PodMemberSpec, timeoutMs: number, signal?: AbortSignal): Promise<MemberOutcome>;
  /**
   * Starts a long-lived member in the pod's namespace with its stdio attached; optional: a pod without it (Swarm)
   * runs one member per step. finish() removes it too.
   */
  startSession?(spec: PodMemberSpec): Promise<MemberSession>;
  /** Stops everything, collects the service's facts, removes every container of the pod. */
  finish(): Promise<RunFacts>;
}

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Runs repetitions somewhere: the local Docker engine, or a Docker Swarm. One interface for both. */
export interface ExecutionDriver {
  readonly name: DriverName;
  /** Whether it can give a service cores of its own (--cpuset-cpus); absent: it cannot, cells run shared. */
  readonly pinsCores?: boolean;
  /** The nodes this driver can place cells on. */
  nodes(): Promise<NodeFacts[]>;
  /** Scenario mode: runs one limited container to its end and always removes it. */
  runToExit(spec: ContainerSpec, options: RunOptions): Promise<RunFacts>;
  /** Server mode: starts sidecars, then the limited service, and waits for readiness. */
  startPod(spec: PodSpec, options: RunOptions): Promise<PodHandle>;
  /** Removes every container or service labelled with this run id; returns how many. */
  removeRun(runId: string): Promise<number>;
  /** How many cells may run at once (one per physical host); absent: one. Prepares the image on the nodes. */
  maxParallelCells?(image: string): Promise<number>;
  /** Removes what runs whose process is gone left behind; returns how many. */
  removeOrphans(): Promise<number>;
}

/** The labels every container of a run carries: the run's own cleanup and orphan removal find its containers by them. */
export const RUN_ID_LABEL = "bun-capacity.run-id";
export const CELL_ID_LABEL = "bun-capacity.cell-id";
export const OWNER_PID_LABEL = "bun-capacity.owner-pid";
export const OWNER_HOST_LABEL = "bun-capacity.owner-host";
