import { readFile } from "node:fs/promises";
import os from "node:os";
import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import {
  type ExecutionDriver,
  type NodeFacts,
  OWNER_HOST_LABEL,
  OWNER_PID_LABEL,
  type PodHandle,
  type PodSpec,
  RUN_ID_LABEL,
  type RunFacts,
  type RunOptions,
} from "../execution-driver.ts";
import { CgroupAccounting, type ContainerAccounting, readHostBusySeconds } from "./cgroup-accounting.ts";
import { startPod } from "./local-pod.ts";
import { runToExit } from "./watched-container.ts";

export interface LocalDriverOptions {
  /** This machine's name, as container owner labels carry it. */
  host: string;
  isAlive?: (pid: number) => boolean;
  /** Parent cgroups for exact peaks and CPU totals; default: detected from the engine (null: stats only). */
  accounting?: ContainerAccounting | null;
  /** The host's busy CPU-seconds counter; default /proc/stat. */
  hostBusySeconds?: () => Promise<number | null>;
}

/** Runs repetitions as containers on the one Docker engine the client talks to. */
export class LocalDriver implements ExecutionDriver {
  readonly name = "local" as const;
  readonly pinsCores = true;
  private node: Promise<NodeFacts> | null = null;
  private accounting: Promise<ContainerAccounting | null> | null = null;

  constructor(
    private readonly docker: DockerApi,
    private readonly options: LocalDriverOptions,
  ) {}

  async nodes(): Promise<NodeFacts[]> {
    return [await this.localNode()];
  }

  async runToExit(spec: ContainerSpec, options: RunOptions): Promise<RunFacts> {
    return runToExit(await this.environment(), spec, options);
  }

  async startPod(spec: PodSpec, options: RunOptions): Promise<PodHandle> {
    return startPod(await this.environment(), spec, options);
  }

  removeRun(runId: string): Promise<number> {
    return removeRunContainers(this.docker, runId);
  }

  async removeOrphans(): Promise<number> {
    const removed = await removeOrphans(
      this.docker,
      this.options.host,
      this.options.isAlive ?? processIsAlive,
    );
    await (await this.containerAccounting())?.removeStale();
    return removed.length;
  }

  private async environment(): Promise<LocalEnvironment> {
    const [node, accounting] = await Promise.all([this.localNode(), this.containerAccounting()]);
    const hostBusySeconds = this.options.hostBusySeconds ?? readHostBusySeconds;
    return { docker: this.docker, node, accounting, hostBusySeconds };
  }

  private containerAccounting(): Promise<ContainerAccounting | null> {
    if (this.options.accounting !== undefined) return Promise.resolve(this.options.accounting);
    this.accounting ??= this.docker.info().then(
      (info) => CgroupAccounting.detect(info),
      () => null,
    );
    return this.accounting;
  }

  private localNode(): Promise<NodeFacts> {
    this.node ??= localNodeFacts(this.docker).catch((error) => {
      this.node = null; // asked again next time: the engine may be back
      throw error;
    });
    return this.node;
  }
}

/** Local driver defaults, in one place. */
/** After a kill, how long to wait for Docker to report the exit before moving on. */
export const KILL_GRACE_MS = 10_000;
/** The pod's network-namespace holder: an idle Bun process that wakes about every 12 days. */
export const HOLDER_ENTRYPOINT = ["bun", "-e", "setInterval(() => {}, 2 ** 30)"];
/** Between two runs of a sidecar's ready check or of the readiness probe. */
export const READY_RETRY_MS = 200;
/** The node id of the local engine (one node). */
export const LOCAL_NODE_ID = "local";
/** Where the host's cgroup hierarchies are mounted. */
export const HOST_CGROUP_ROOT = "/sys/fs/cgroup";
/** Parent cgroups of measured containers live under this name in every hierarchy. */
export const CGROUP_PARENT_PREFIX = "bun-capacity";

/** What the local driver's operations share: the engine, its node, cgroup accounting and the host's CPU counter. */
export interface LocalEnvironment {
  docker: DockerApi;
  node: NodeFacts | null;
  accounting: ContainerAccounting | null;
  /** The host's busy CPU-seconds counter (null: not readable); sampled around each measured container. */
  hostBusySeconds: () => Promise<number | null>;
}

const BOOT_ID_FILE = "/proc/sys/kernel/random/boot_id";

/** The local engine as a node; its physical host is the kernel's boot id (shared by every engine on this machine). */
export async function localNodeFacts(docker: DockerApi): Promise<NodeFacts> {
  const info = await docker.info();
  const bootId = await readFile(BOOT_ID_FILE, "utf8").then(
    (text) => text.trim(),
    () => os.hostname(),
  );
  return {
    id: LOCAL_NODE_ID,
    hostname: os.hostname(),
    physicalHostId: bootId,
    cpus: info.cpus,
    memoryBytes: info.memoryBytes,
    kernelVersion: info.kernelVersion,
    cgroupVersion: info.cgroupVersion,
  };
}

/**
 * Removes containers left by runs whose process is gone: labelled with our run-id, started from this host, and
 * owned by a pid that no longer exists. Containers of live runs (and of other hosts sharing the engine) stay.
 */
export async function removeOrphans(
  docker: DockerApi,
  host: string,
  isAlive: (pid: number) => boolean = processIsAlive,
): Promise<string[]> {
  const removed: string[] = [];
  for (const container of await docker.listContainers(RUN_ID_LABEL)) {
    const pid = Number(container.labels[OWNER_PID_LABEL]);
    const sameHost = container.labels[OWNER_HOST_LABEL] === host;
    if (!sameHost || (Number.isInteger(pid) && pid > 0 && isAlive(pid))) continue;
    await docker.removeContainer(container.id);
    removed.push(container.id);
  }
  return removed;
}

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM"; // exists, owned by someone else
  }
}

/** Removes every container of one run (after an interrupt); returns how many were removed. */
export async function removeRunContainers(docker: DockerApi, runId: string): Promise<number> {
  const containers = await docker.listContainers(`${RUN_ID_LABEL}=${runId}`);
  await Promise.all(containers.map((c) => docker.removeContainer(c.id)));
  return containers.length;
}
