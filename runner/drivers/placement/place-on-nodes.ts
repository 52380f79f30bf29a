import type { Plan } from "../../plan/plan.ts";
import type { NodeFacts } from "../execution-driver.ts";
import { plannedWallSeconds } from "./planned-wall-seconds.ts";
import { tooBigForEveryNode } from "./too-big-for-every-node.ts";
import { usableHosts } from "./usable-hosts.ts";

/**
 * A plan made for every cell (force) fitted to a set of nodes: cells no node can honour become exceeds-host
 * (unless force), and the estimate becomes the wall time with one measurement per physical host at a time.
 */
export function placeOnNodes(
  plan: Plan,
  nodes: NodeFacts[],
  options: { force: boolean; shareHosts: boolean },
): Plan {
  const cells = plan.cells.map((cell) => ({
    ...cell,
    exceedsHost: options.force ? null : tooBigForEveryNode(cell, nodes),
  }));
  const cellEstimatedSeconds = Object.fromEntries(
    cells.map((cell) => [cell.id, cell.exceedsHost ? 0 : (plan.cellEstimatedSeconds[cell.id] ?? 0)]),
  );
  const timed = cells.map((cell) => ({ ...cell, seconds: cellEstimatedSeconds[cell.id] ?? 0 }));
  const hosts = usableHosts(nodes, options.shareHosts);
  const biggest = nodes.reduce((a, b) => (b.cpus > a.cpus ? b : a), nodes[0] as NodeFacts);
  const note = `${nodes.length} node(s) on ${hosts} physical host(s) measure in parallel; the estimate is the wall time${options.shareHosts ? " (hosts shared: nodes on one host measure at once)" : ""}`;
  return {
    ...plan,
    cells,
    cellEstimatedSeconds,
    estimatedSeconds: plannedWallSeconds(timed, nodes, options.shareHosts),
    host: biggest ? { cores: biggest.cpus, memoryBytes: biggest.memoryBytes } : plan.host,
    notes: [...plan.notes, note],
  };
}
