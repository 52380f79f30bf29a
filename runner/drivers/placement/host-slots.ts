import type { NodeFacts } from "../execution-driver.ts";
import type { Need } from "./fits-node.ts";
import { pickNode } from "./pick-node.ts";

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
