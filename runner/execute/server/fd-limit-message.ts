import type { FixedSummary } from "../../../contract/generator-step.ts";
import type { Cell } from "../../plan/cell.ts";

/** Descriptors a Bun process holds besides its sockets (stdio, the listener, epoll, its runtime's files). */
export const FD_RESERVE = 64;
const NEXT_STEP =
  "raise nofile (Cloud Run allows 25,000 descriptors per instance) or spread the connections over more instances";

/**
 * Why a fixed-shape run's connections failed when the cell's descriptor limit (axes.nofile) cannot hold what was
 * asked (the summary's connectionsRequested, or the `connections` flag when the script never finished); else null.
 */
export function fdLimitMessage(
  cell: Cell,
  summary: FixedSummary | null,
  generatorTimedOut: boolean,
): string | null {
  const flag = Number(cell.flags.connections);
  const requested = summary?.connectionsRequested ?? (Number.isInteger(flag) ? flag : null);
  if (typeof cell.nofile !== "number" || requested === null) return null;
  if (requested + FD_RESERVE < cell.nofile) return null;
  const limit = `the service's descriptor limit (ulimit nofile ${cell.nofile}, axes.nofile) is below the ${requested} connections asked for plus ~${FD_RESERVE} the process holds`;
  if (summary !== null && summary.failures > 0)
    return `${summary.failures} of ${requested} connections failed: ${limit}; ${NEXT_STEP}`;
  if (summary === null && generatorTimedOut)
    return `the connection storm never finished: ${limit}, so the service stopped accepting and the remaining handshakes waited in the kernel's backlog; ${NEXT_STEP}`;
  return null;
}
