import { formatMemoryApprox, formatMemorySize } from "../config/memory-size.ts";
import type { HostFacts } from "./host-facts.ts";

/** Why this host cannot honour a cell's CPUs or memory (what it needs and what the host has); null when it can. */
export function exceedsHost(cell: { cpus: number; memoryBytes: number }, host: HostFacts): string | null {
  const needs: string[] = [];
  const has: string[] = [];
  if (cell.cpus > host.cores) {
    needs.push(`${cell.cpus} CPUs`);
    has.push(`${host.cores} CPUs`);
  }
  if (cell.memoryBytes > host.memoryBytes) {
    needs.push(`${formatMemorySize(cell.memoryBytes)} memory`);
    has.push(`${formatMemoryApprox(host.memoryBytes)}`);
  }
  return needs.length ? `needs ${needs.join(" and ")}, host has ${has.join(" and ")}` : null;
}
