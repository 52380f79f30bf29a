import { randomBytes } from "node:crypto";
import type { ContainerSpec } from "../../docker/docker-api.ts";
import type { Engine } from "../../docker/docker-client.ts";
import { cpusOfNanoCpus } from "../../units/units.ts";
import { SwarmNotReadyError } from "../driver-error.ts";
import {
  CELL_ID_LABEL,
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
import {
  CgroupAccounting,
  type ContainerAccounting,
  readHostBusySeconds,
} from "../local/cgroup-accounting.ts";
import { processIsAlive } from "../local/local-driver.ts";
import { HostSlots, type Lease, usableHosts } from "../placement.ts";
import { startSwarmPod } from "./start-swarm-pod.ts";
import { probeNode, type SwarmMember, swarmMembers } from "./swarm-nodes.ts";
import { runServiceToExit, serviceSpec } from "./swarm-service.ts";

export interface SwarmDriverOptions {
  /** Engines of the other nodes (unix:// or tcp://); the local engine is the manager. */
  engines: string[];
  /** Let nodes on one physical host measure at once (their results then share its cores). */
  shareHosts: boolean;
  /** This machine's name, as service owner labels carry it. */
  host: string;
  /** Called whenever a node starts or stops a measurement. */
  onBusy?: (busy: Array<{ node: NodeFacts; holder: string }>) => void;
  log?: (line: string) => void;
  isAlive?: (pid: number) => boolean;
}

type Prepared = { facts: NodeFacts[]; slots: HostSlots };

const ENGINES_NEXT_STEP = "give each node's engine in BUN_CAPACITY_SWARM_ENGINES";

/** Runs each repetition as a one-shot Swarm job pinned to a node; one measurement per physical host at a time. */
export class SwarmDriver implements ExecutionDriver {
  readonly name = "swarm" as const;
  private swarm: Promise<{ manager: Engine; members: SwarmMember[] }> | null = null;
  private prepared: Promise<Prepared> | null = null;
  private readonly lastNodeOfCell = new Map<string, string>();
  private accounting: Promise<ContainerAccounting | null> | null = null;

  constructor(private readonly options: SwarmDriverOptions) {}

  /** Probed facts once an image is on the nodes; before that, the nodes' descriptions, hostname as host guess. */
  async nodes(): Promise<NodeFacts[]> {
    if (this.prepared) return (await this.prepared).facts;
    return (await this.connect()).members.map(({ node }) => ({
      id: node.id,
      hostname: node.hostname,
      physicalHostId: node.hostname,
      cpus: cpusOfNanoCpus(node.nanoCpus),
      memoryBytes: node.memoryBytes,
      kernelVersion: "",
      cgroupVersion: null,
    }));
  }

  /** How many cells may run at once: one per physical host (per node with shareHosts). */
  async maxParallelCells(image: string): Promise<number> {
    return usableHosts((await this.prepare(image)).facts, this.options.shareHosts);
  }

  async runToExit(spec: ContainerSpec, options: RunOptions): Promise<RunFacts> {
    const { manager, members } = await this.connect();
    const lease = await this.lease(spec, options.signal);
    try {
      const engine = members.find((m) => m.node.id === lease.node.id)?.engine ?? null;
      const name = `bcap-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
      return await runServiceToExit(
        { manager: manager.swarm, nodeEngine: engine?.docker ?? null },
        serviceSpec(spec, lease.node.id, name),
        lease.node,
        options,
      );
    } finally {
      lease.release();
    }
  }

  /** Server mode: an anchor job on a leased node holds the pod (start-swarm-pod.ts); finish() frees the node. */
  async startPod(spec: PodSpec, options: RunOptions): Promise<PodHandle> {
    const { manager, members } = await this.connect();
    const lease = await this.lease(spec.service, options.signal);
    const engine = members.find((m) => m.node.id === lease.node.id)?.engine;
    if (!engine) {
      lease.release();
      throw new SwarmNotReadyError(
        `swarm node ${lease.node.hostname} has no engine address`,
        ENGINES_NEXT_STEP,
      );
    }
    // Cgroup totals and the host's CPU counter are readable only for the node on this machine (the manager).
    const local = engine === manager;
    const env = {
      engine,
      docker: engine.docker,
      node: lease.node,
      accounting: local ? await this.localAccounting(manager) : null,
      hostBusySeconds: local ? readHostBusySeconds : async () => null,
    };
    return startSwarmPod({ manager, env, lease }, spec, options);
  }

  /** The run's services, and any task containers Swarm left on the nodes. */
  async removeRun(runId: string): Promise<number> {
    const { manager, members } = await this.connect();
    const services = await manager.swarm.listServices(`${RUN_ID_LABEL}=${runId}`);
    await Promise.all(services.map((s) => manager.swarm.removeService(s.id)));
    for (const member of members) {
      const containers = (await member.engine?.docker.listContainers(`${RUN_ID_LABEL}=${runId}`)) ?? [];
      await Promise.all(containers.map((c) => member.engine?.docker.removeContainer(c.id)));
    }
    return services.length;
  }

  async removeOrphans(): Promise<number> {
    const { manager } = await this.connect();
    const isAlive = this.options.isAlive ?? processIsAlive;
    let removed = 0;
    for (const service of await manager.swarm.listServices(RUN_ID_LABEL)) {
      const pid = Number(service.labels[OWNER_PID_LABEL]);
      if (service.labels[OWNER_HOST_LABEL] !== this.options.host) continue;
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) continue;
      await this.removeRun(service.labels[RUN_ID_LABEL] ?? "");
      removed++;
    }
    return removed;
  }

  /** A node big enough for the limited container, preferring the one its cell used before (a warm image). */
  private async lease(spec: ContainerSpec, signal?: AbortSignal): Promise<Lease> {
    const { slots } = await this.prepare(spec.image);
    const cellId = spec.labels[CELL_ID_LABEL] ?? spec.image;
    const need = { cpus: cpusOfNanoCpus(spec.nanoCpus), memoryBytes: spec.memoryBytes };
    const lease = await slots.acquire(need, cellId, this.lastNodeOfCell.get(cellId) ?? null, signal);
    this.lastNodeOfCell.set(cellId, lease.node.id);
    return lease;
  }

  private localAccounting(manager: Engine): Promise<ContainerAccounting | null> {
    this.accounting ??= manager.docker.info().then(
      (info) => CgroupAccounting.detect(info),
      () => null,
    );
    return this.accounting;
  }

  private connect() {
    this.swarm ??= swarmMembers(this.options.engines).then(({ manager, members }) => {
      for (const m of members.filter((member) => !member.engine))
        this.options.log?.(`swarm node ${m.node.hostname} (${m.node.id}) has no engine address: not used`);
      return { manager, members: members.filter((m) => m.engine) };
    });
    this.swarm.catch(() => {
      this.swarm = null;
    });
    return this.swarm;
  }

  /** Once: the image onto every node (docker save | docker load), then a probe job per node. */
  private prepare(image: string): Promise<Prepared> {
    this.prepared ??= (async () => {
      const { manager, members } = await this.connect();
      const engines = members.flatMap((m) => (m.engine ? [m.engine] : []));
      const copied = await distributeImage(manager, engines, image);
      if (copied > 0)
        this.options.log?.(`copied ${image} to ${copied} node(s) with docker save | docker load`);
      const facts: NodeFacts[] = [];
      for (const member of members) facts.push(await probeNode(manager, member, image));
      if (facts.length === 0) throw new SwarmNotReadyError("no swarm node can be used", ENGINES_NEXT_STEP);
      const hosts = usableHosts(facts, false);
      this.options.log?.(
        `swarm: ${facts.length} node(s) on ${hosts} physical host(s)${this.options.shareHosts ? ", hosts shared" : ""}`,
      );
      return { facts, slots: new HostSlots(facts, this.options.shareHosts, this.options.onBusy) };
    })();
    this.prepared.catch(() => {
      this.prepared = null;
    });
    return this.prepared;
  }
}

/** Swarm driver settings, in one place. */
export const DRIVER_LABEL = "bun-capacity.driver";
/** How often a running task's state is read. */
export const TASK_POLL_MS = 250;
/** A task that is not running after this long (no node resources, image missing) ends the repetition. */
export const TASK_START_TIMEOUT_MS = 60_000;
/** Extra engines (one per swarm node), comma-separated unix:// or tcp:// addresses; the local engine is implied. */
export const SWARM_ENGINES_ENV = "BUN_CAPACITY_SWARM_ENGINES";
/** The probe job's timeout: it only reads a few /proc files. */
export const PROBE_TIMEOUT_MS = 60_000;

/** `docker save | docker load` from the manager to every engine that lacks the image; returns how many got it. */
export async function distributeImage(manager: Engine, engines: Engine[], ref: string): Promise<number> {
  let copied = 0;
  for (const engine of engines) {
    if (engine === manager || (await engine.docker.inspectImage(ref))) continue;
    await engine.swarm.loadImage(await manager.swarm.saveImage(ref));
    copied++;
  }
  return copied;
}
