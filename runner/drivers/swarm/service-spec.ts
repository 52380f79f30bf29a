import type { ContainerSpec } from "../../docker/docker-api.ts";
import type { ServiceSpec } from "../../docker/swarm-api.ts";
import { DRIVER_LABEL } from "./swarm-defaults.ts";

/**
 * One repetition as a Swarm service: the container's limits become both limits and reservations (so Swarm never
 * packs two of them onto a node's cores), pinned to one node. Swarm (API 1.41) cannot set NetworkMode none,
 * MemorySwap or no-new-privileges: such tasks sit on the default bridge, and swap follows the engine default.
 */
export function serviceSpec(spec: ContainerSpec, nodeId: string, name: string): ServiceSpec {
  const labels = { ...spec.labels, [DRIVER_LABEL]: "swarm" };
  return {
    name,
    labels,
    image: spec.image,
    args: spec.cmd,
    command: spec.entrypoint ?? null,
    env: spec.env,
    containerLabels: labels,
    user: spec.user,
    readonlyRootfs: spec.readonlyRootfs,
    capDrop: spec.capDrop,
    tmpfs: Object.entries(spec.tmpfs).map(([target, options]) => ({ target, sizeBytes: tmpfsSize(options) })),
    pidsLimit: spec.pidsLimit,
    nanoCpus: spec.nanoCpus,
    memoryBytes: spec.memoryBytes,
    nodeId,
  };
}

function tmpfsSize(options: string): number {
  const size = /(?:^|,)size=(\d+)(?:,|$)/.exec(options)?.[1];
  return size === undefined ? 0 : Number(size);
}
