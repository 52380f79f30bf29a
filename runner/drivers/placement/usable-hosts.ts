import type { NodeFacts } from "../execution-driver.ts";

/** How many measurements can run at once: distinct physical hosts, or nodes when hosts may be shared. */
export function usableHosts(nodes: NodeFacts[], shareHosts: boolean): number {
  return new Set(nodes.map((node) => (shareHosts ? node.id : node.physicalHostId))).size;
}
