import type { NodeFacts } from "../execution-driver.ts";

/** What one repetition needs of a node: the cell's CPU and memory limits. */
export interface Need {
  cpus: number;
  memoryBytes: number;
}

/** A node can honour a cell when it has at least the cell's CPUs and memory. */
export function fitsNode(need: Need, node: NodeFacts): boolean {
  return node.cpus >= need.cpus && node.memoryBytes >= need.memoryBytes;
}
