import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import type {
  ExecutionDriver,
  NodeFacts,
  PodHandle,
  PodSpec,
  RunFacts,
  RunOptions,
} from "../execution-driver.ts";
import { CgroupAccounting } from "./cgroup-accounting.ts";
import type { LocalEnvironment } from "./local-environment.ts";
import { localNodeFacts } from "./local-node-facts.ts";
import { readHostBusySeconds } from "./read-host-busy-seconds.ts";
import { processIsAlive, removeOrphans } from "./remove-orphans.ts";
import { removeRunContainers } from "./remove-run-containers.ts";
import { runToExit } from "./run-to-exit.ts";
import { startPod } from "./start-pod.ts";
import type { ContainerAccounting } from "./with-cgroup-parent.ts";

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
