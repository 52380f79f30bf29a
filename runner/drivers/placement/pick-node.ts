import type { NodeFacts } from "../execution-driver.ts";
import { fitsNode, type Need } from "./fits-node.ts";

/**
 * Best fit: among nodes that fit and are free, the preferred node if it is one, else the smallest (so the big
 * nodes stay free for the cells only they can take); among equals the least used. `isFree`: its host may start now.
 */
export function pickNode(
  need: Need,
  nodes: NodeFacts[],
  isFree: (node: NodeFacts) => boolean,
  preferredNodeId: string | null = null,
  uses: (node: NodeFacts) => number = () => 0,
): NodeFacts | null {
  const candidates = nodes.filter((node) => fitsNode(need, node) && isFree(node));
  const preferred = candidates.find((node) => node.id === preferredNodeId);
  if (preferred) return preferred;
  candidates.sort(
    (a, b) =>
      a.cpus - b.cpus || a.memoryBytes - b.memoryBytes || uses(a) - uses(b) || a.id.localeCompare(b.id),
  );
  return candidates[0] ?? null;
}
