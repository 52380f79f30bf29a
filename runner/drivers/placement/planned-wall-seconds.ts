import type { NodeFacts } from "../execution-driver.ts";
import { fitsNode, type Need } from "./fits-node.ts";

export type PlannedCell = Need & { seconds: number };

/**
 * The run's wall time if cells start in plan order, each on the fitting node whose physical host frees up
 * first (one measurement per physical host unless shareHosts; then one per node). Cells no node fits are skipped.
 */
export function plannedWallSeconds(cells: PlannedCell[], nodes: NodeFacts[], shareHosts: boolean): number {
  const slotOf = (node: NodeFacts) => (shareHosts ? node.id : node.physicalHostId);
  const freeAt = new Map(nodes.map((node) => [slotOf(node), 0]));
  let end = 0;
  for (const cell of cells) {
    const fitting = nodes.filter((node) => fitsNode(cell, node));
    if (fitting.length === 0 || cell.seconds <= 0) continue;
    const node = fitting.reduce((best, n) =>
      (freeAt.get(slotOf(n)) ?? 0) < (freeAt.get(slotOf(best)) ?? 0) ? n : best,
    );
    const finish = (freeAt.get(slotOf(node)) ?? 0) + cell.seconds;
    freeAt.set(slotOf(node), finish);
    end = Math.max(end, finish);
  }
  return end;
}
