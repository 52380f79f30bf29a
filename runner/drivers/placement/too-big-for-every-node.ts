import { formatMemoryApprox, formatMemorySize } from "../../config/memory-size.ts";
import type { NodeFacts } from "../execution-driver.ts";
import { fitsNode, type Need } from "./fits-node.ts";

/** Why no node can honour the cell (the exceeds-host message), or null when at least one can. */
export function tooBigForEveryNode(need: Need, nodes: NodeFacts[]): string | null {
  if (nodes.some((node) => fitsNode(need, node))) return null;
  if (nodes.length === 0) return "the swarm has no usable node";
  const largest = nodes
    .map((n) => `${n.hostname} ${n.cpus} CPUs/${formatMemoryApprox(n.memoryBytes)}`)
    .join(", ");
  return `needs ${need.cpus} CPUs and ${formatMemorySize(need.memoryBytes)} memory on one node; nodes: ${largest}`;
}
