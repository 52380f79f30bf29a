import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Engine } from "../../docker/connect-engine.ts";
import type { ContainerSpec } from "../../docker/docker-api.ts";
import {
  CELL_ID_LABEL,
  OWNER_HOST_LABEL,
  OWNER_PID_LABEL,
  RUN_ID_LABEL,
} from "../../execute/execute-defaults.ts";
import { processIsAlive } from "../../execute/remove-orphans.ts";
import type {
  ExecutionDriver,
  NodeFacts,
  PodHandle,
  PodSpec,
  RunFacts,
  RunOptions,
} from "../execution-driver.ts";
import { distributeImage } from "./distribute-image.ts";
import { HostSlots } from "./host-slots.ts";
import { probeNode } from "./probe-node.ts";
import { runServiceToExit } from "./run-service-to-exit.ts";
import { serviceSpec } from "./service-spec.ts";
import { type SwarmMember, swarmMembers } from "./swarm-members.ts";
import { SwarmNotReadyError } from "./swarm-not-ready-error.ts";

export interface SwarmDriverOptions {
  /** Engines of the other nodes (unix:// or tcp://); the local engine is the manager. */
  engines: string[];
  /** Let nodes on one physical host measure at once (their results then share cores). */
  shareHosts: boolean;
  /** Called whenever a node starts or stops a measurement. */
  onBusy?: (busy: Array<{ node: NodeFacts; holder: string }>) => void;
  log?: (line: string) => void;
}

/** Runs each repetition as a one-shot Swarm job pinned to a node; one measurement per physical host at a time. */
export class SwarmDriver implements ExecutionDriver {
  readonly name = "swarm" as const;
  private facts: NodeFacts[] = [];
  private slots: HostSlots | null = null;
  private readonly lastNodeOfCell = new Map<string, string>();

  private constructor(
    private readonly manager: Engine,
    private readonly members: SwarmMember[],
    private readonly options: SwarmDriverOptions,
  ) {}

  static async connect(options: SwarmDriverOptions): Promise<SwarmDriver> {
    const { manager, members } = await swarmMembers(options.engines);
    for (const m of members.filter((member) => !member.engine))
      options.log?.(`swarm node ${m.node.hostname} (${m.node.id}) has no engine address: not used`);
    return new SwarmDriver(
      manager,
      members.filter((m) => m.engine),
      options,
    );
  }

  /** Before the first repetition: the image onto every node (docker save | load), then a probe job per node. */
  async prepare(image: string): Promise<NodeFacts[]> {
    const engines = this.members.flatMap((m) => (m.engine ? [m.engine] : []));
    const copied = await distributeImage(this.manager, engines, image);
    if (copied > 0) this.options.log?.(`copied ${image} to ${copied} node(s) with docker save | docker load`);
    this.facts = [];
    for (const member of this.members) this.facts.push(await probeNode(this.manager, member, image));
    if (this.facts.length === 0)
      throw new SwarmNotReadyError(
        "no swarm node can be used",
        "give each node's engine in BUN_CAPACITY_SWARM_ENGINES",
      );
    this.slots = new HostSlots(this.facts, this.options.shareHosts, this.options.onBusy);
    return this.facts;
  }

  /** Probed facts after prepare(); before it, the nodes' own descriptions with the hostname as host guess. */
  async nodes(): Promise<NodeFacts[]> {
    if (this.facts.length > 0) return this.facts;
    return this.members.map(({ node }) => ({
      id: node.id,
      hostname: node.hostname,
      physicalHostId: node.hostname,
      cpus: node.nanoCpus / 1e9,
      memoryBytes: node.memoryBytes,
      kernelVersion: "",
      cgroupVersion: null,
    }));
  }

  async runToExit(spec: ContainerSpec, options: RunOptions): Promise<RunFacts> {
    if (!this.slots) await this.prepare(spec.image);
    const cellId = spec.labels[CELL_ID_LABEL] ?? spec.image;
    const need = { cpus: spec.nanoCpus / 1e9, memoryBytes: spec.memoryBytes };
    const slots = this.slots as HostSlots;
    const lease = await slots.acquire(need, cellId, this.lastNodeOfCell.get(cellId) ?? null, options.signal);
    try {
      this.lastNodeOfCell.set(cellId, lease.node.id);
      const engine = this.members.find((m) => m.node.id === lease.node.id)?.engine ?? null;
      const name = `bcap-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
      return await runServiceToExit(
        { manager: this.manager.swarm, nodeEngine: engine?.docker ?? null },
        serviceSpec(spec, lease.node.id, name),
        lease.node,
        options,
      );
    } finally {
      lease.release();
    }
  }

  startPod(_spec: PodSpec, _options: RunOptions): Promise<PodHandle> {
    throw new SwarmNotReadyError(
      "server mode is not implemented on the swarm driver yet",
      "run service-mode matrices with the local driver (see README, Swarm: server mode)",
    );
  }

  async removeRun(runId: string): Promise<number> {
    const services = await this.manager.swarm.listServices(`${RUN_ID_LABEL}=${runId}`);
    await Promise.all(services.map((s) => this.manager.swarm.removeService(s.id)));
    return services.length;
  }

  async removeOrphans(isAlive: (pid: number) => boolean = processIsAlive): Promise<number> {
    let removed = 0;
    for (const service of await this.manager.swarm.listServices(RUN_ID_LABEL)) {
      const pid = Number(service.labels[OWNER_PID_LABEL]);
      if (service.labels[OWNER_HOST_LABEL] !== os.hostname()) continue;
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) continue;
      await this.manager.swarm.removeService(service.id);
      removed++;
    }
    return removed;
  }
}
