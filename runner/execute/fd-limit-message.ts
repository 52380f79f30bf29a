import type { FixedSummary } from "../load/fixed/fixed-summary.ts";
import type { Cell } from "../plan/cell.ts";

/** Descriptors a Bun process holds besides its sockets (stdio, the listener, epoll, its runtime's files). */
export const FD_RESERVE = 64;

/** Why connections failed, when the cell's descriptor limit (axes.nofile) cannot hold them all; else null. */
export function fdLimitMessage(cell: Cell, summary: FixedSummary): string | null {
  const requested = summary.connectionsRequested;
  if (typeof cell.nofile !== "number" || requested === null || summary.failures === 0) return null;
  if (requested + FD_RESERVE < cell.nofile) return null;
  return (
    `${summary.failures} of ${requested} connections failed: the service's descriptor limit (ulimit nofile ` +
    `${cell.nofile}, axes.nofile) is below the ${requested} connections asked for plus ~${FD_RESERVE} the process ` +
    "holds; raise nofile (Cloud Run allows 25,000 descriptors per instance) or spread connections over more instances"
  );
}
