import { connectEngine, type Engine } from "../../docker/docker-client.ts";
import type { SwarmNode } from "../../docker/swarm-api.ts";
import { SwarmNotReadyError } from "./swarm-not-ready-error.ts";

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
