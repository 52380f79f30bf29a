import { formatMemoryApprox, formatMemorySize } from "../config/memory-size.ts";
import type { Plan } from "../plan/plan.ts";
import type { NodeFacts } from "./execution-driver.ts";

export interface Lease {
  node: NodeFacts;
  release(): void;
}

type Waiter = { need: Need; holder: string; prefer: string | null; grant: (lease: Lease) => void };

/**
 * Hands out nodes to repetitions: one measurement per physical host at a time (nodes sharing a host share its
 * cores), or one per node with shareHosts. Waiters are served in order, skipping those nothing fits yet.
 */
export class HostSlots {
  private readonly busy = new Map<string, { node: NodeFacts; holder: string }>();
  private readonly waiters: Waiter[] = [];
  private readonly uses = new Map<string, number>();

  constructor(
    private readonly nodes: NodeFacts[],
    private readonly shareHosts: boolean,
    private readonly onChange: (busy: Array<{ node: NodeFacts; holder: string }>) => void = () => undefined,
  ) {}

  /** Resolves with a lease once a fitting node is free; rejects when the signal aborts first. */
  acquire(need: Need, holder: string, prefer: string | null = null, signal?: AbortSignal): Promise<Lease> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { need, holder, prefer, grant: resolve };
      this.waiters.push(waiter);
      signal?.addEventListener(
        "abort",
        () => {
          const index = this.waiters.indexOf(waiter);
          if (index === -1) return;
          this.waiters.splice(index, 1);
          reject(signal.reason);
        },
        { once: true },
      );
      this.dispatch();
    });
  }

  busyNodes(): Array<{ node: NodeFacts; holder: string }> {
    return [...this.busy.values()];
  }

  private slotOf(node: NodeFacts): string {
    return this.shareHosts ? node.id : node.physicalHostId;
  }

  private dispatch(): void {
    for (const waiter of [...this.waiters]) {
      const isFree = (n: NodeFacts) => !this.busy.has(this.slotOf(n));
      const node = pickNode(waiter.need, this.nodes, isFree, waiter.prefer, (n) => this.uses.get(n.id) ?? 0);
      if (!node) continue;
      this.uses.set(node.id, (this.uses.get(node.id) ?? 0) + 1);
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      const slot = this.slotOf(node);
      this.busy.set(slot, { node, holder: waiter.holder });
      let released = false;
      waiter.grant({
        node,
        release: () => {
          if (released) return;
          released = true;
          this.busy.delete(slot);
          this.onChange(this.busyNodes());
          this.dispatch();
        },
      });
      this.onChange(this.busyNodes());
    }
  }
}

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

/** Why no node can honour the cell (the exceeds-host message), or null when at least one can. */
export function tooBigForEveryNode(need: Need, nodes: NodeFacts[]): string | null {
  if (nodes.some((node) => fitsNode(need, node))) return null;
  if (nodes.length === 0) return "the swarm has no usable node";
  const largest = nodes
    .map((n) => `${n.hostname} ${n.cpus} CPUs/${formatMemoryApprox(n.memoryBytes)}`)
    .join(", ");
  return `needs ${need.cpus} CPUs and ${formatMemorySize(need.memoryBytes)} memory on one node; nodes: ${largest}`;
}

/** What one repetition needs of a node: the cell's CPU and memory limits. */
export interface Need {
  cpus: number;
  memoryBytes: number;
}

/** A node can honour a cell when it has at least the cell's CPUs and memory. */
export function fitsNode(need: Need, node: NodeFacts): boolean {
  return node.cpus >= need.cpus && node.memoryBytes >= need.memoryBytes;
}

/** How many measurements can run at once: distinct physical hosts, or nodes when hosts may be shared. */
export function usableHosts(nodes: NodeFacts[], shareHosts: boolean): number {
  return new Set(nodes.map((node) => (shareHosts ? node.id : node.physicalHostId))).size;
}
