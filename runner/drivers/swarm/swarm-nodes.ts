import { connectEngine, type Engine } from "../../docker/docker-client.ts";
import type { SwarmNode } from "../../docker/swarm-api.ts";
import { cpusOfNanoCpus } from "../../units/units.ts";
import { SwarmNotReadyError } from "../driver-error.ts";
import type { NodeFacts } from "../execution-driver.ts";
import { DRIVER_LABEL, PROBE_TIMEOUT_MS } from "./swarm-driver.ts";
import { runServiceToExit } from "./swarm-service.ts";

export interface SwarmMember {
  node: SwarmNode;
  /** The node's own engine; null when no address was given for it (it cannot get the image, so it is not used). */
  engine: Engine | null;
}

/** The manager (the local engine) and the ready, active nodes, each matched to its engine by its swarm node id. */
export async function swarmMembers(
  addresses: string[],
  manager: Engine = connectEngine(null),
): Promise<{ manager: Engine; members: SwarmMember[] }> {
  const state = await manager.swarm.swarmState();
  if (!state?.isManager)
    throw new SwarmNotReadyError(
      "the local Docker engine is not a swarm manager",
      "run `docker swarm init --advertise-addr 127.0.0.1` (or point DOCKER_HOST at a manager), or drop --driver swarm",
    );
  const engines = new Map<string, Engine>([[state.nodeId, manager]]);
  for (const address of addresses) {
    const engine = connectEngine(address);
    const nodeId = (await engine.swarm.swarmState())?.nodeId;
    if (!nodeId)
      throw new SwarmNotReadyError(
        `the engine at ${address} is not part of a swarm`,
        "join it with `docker swarm join`, or remove it from BUN_CAPACITY_SWARM_ENGINES",
      );
    engines.set(nodeId, engine);
  }
  const nodes = (await manager.swarm.listNodes()).filter(
    (n) => n.state === "ready" && n.availability === "active",
  );
  return { manager, members: nodes.map((node) => ({ node, engine: engines.get(node.id) ?? null })) };
}

/** Printed by the probe job: the host kernel's boot id (shared by every engine on one machine), kernel, cgroup. */
const PROBE_SCRIPT = `const fs = require("node:fs");
const read = (p) => fs.readFileSync(p, "utf8").trim();
console.log(JSON.stringify({ bootId: read("/proc/sys/kernel/random/boot_id"), kernel: read("/proc/sys/kernel/osrelease"), cgroup2: fs.existsSync("/sys/fs/cgroup/cgroup.controllers") }));`;

/** Runs a tiny job on the node to learn which physical host it is on; the node's facts come out. */
export async function probeNode(manager: Engine, member: SwarmMember, image: string): Promise<NodeFacts> {
  const { node } = member;
  const base: NodeFacts = {
    id: node.id,
    hostname: node.hostname,
    physicalHostId: "",
    cpus: cpusOfNanoCpus(node.nanoCpus),
    memoryBytes: node.memoryBytes,
    kernelVersion: "",
    cgroupVersion: null,
  };
  const facts = await runServiceToExit(
    { manager: manager.swarm, nodeEngine: member.engine?.docker ?? null },
    {
      name: `bcap-probe-${node.id.slice(0, 12)}-${Date.now().toString(36)}`,
      labels: { [DRIVER_LABEL]: "probe" },
      image,
      command: ["bun", "-e", PROBE_SCRIPT],
      args: [],
      env: {},
      containerLabels: { [DRIVER_LABEL]: "probe" },
      user: "1000:1000",
      readonlyRootfs: true,
      capDrop: ["ALL"],
      tmpfs: [],
      pidsLimit: 64,
      nanoCpus: 0,
      memoryBytes: 0,
      nodeId: node.id,
    },
    base,
    { timeoutMs: PROBE_TIMEOUT_MS },
  );
  const line = facts.stdout.trim().split("\n").at(-1) ?? "";
  let parsed: { bootId?: string; kernel?: string; cgroup2?: boolean } = {};
  try {
    parsed = JSON.parse(line);
  } catch {}
  if (facts.exitCode !== 0 || !parsed.bootId)
    throw new Error(
      `the probe job on node ${node.hostname} failed (exit ${facts.exitCode}): ${facts.stderr.trim().slice(-300)}`,
    );
  return {
    ...base,
    physicalHostId: parsed.bootId,
    kernelVersion: parsed.kernel ?? "",
    cgroupVersion: parsed.cgroup2 ? 2 : 1,
  };
}
