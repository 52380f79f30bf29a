import type { FixedShapeColumn, FixedShapeWorkload } from "./fixed-shape-figures.ts";
import { formatFigure } from "./fixed-shape-figures.ts";
import type { WorkloadSummary } from "./workload-summary-table.ts";

const count = (n: number | undefined) => (n === undefined ? "–" : Math.round(n).toLocaleString("en-US"));

/** Connections the storm asked for: the `connections` flag, else connected + failed as the script counted them. */
export function stormAttempted(c: FixedShapeColumn): number | undefined {
  const flag = Number(c.flags.connections);
  if (Number.isInteger(flag) && flag > 0) return flag;
  const { connectedCount: up, failedCount: failed } = c.figures;
  return up === undefined || failed === undefined ? undefined : up + failed;
}

/** Whether the service's descriptor limit (axes.nofile) stopped the storm: the fd-limit status says it did. */
function descriptorLimit(c: FixedShapeColumn): string {
  if (c.status === "fd-limit") return `hit: nofile ${c.nofile ?? "?"}`;
  if (c.nofile === null) return "Docker's default";
  return (c.figures.failedCount ?? 0) === 0 ? `nofile ${c.nofile}: not hit` : `nofile ${c.nofile}`;
}

/** The connection storm per cell: connections asked, up, failed, how long until all were up, memory each. */
export function stormSummary(w: FixedShapeWorkload): WorkloadSummary {
  return {
    title: "Connection storm",
    header: [
      "size",
      "status",
      "attempted",
      "connected",
      "failed",
      "all connected after ms",
      "connect p50 / p99 ms",
      "memory / connection",
      "acknowledged / kept",
      "descriptor limit",
    ],
    rows: w.cells.map((c) => {
      const f = c.figures;
      return [
        c.label,
        c.status,
        count(stormAttempted(c)),
        count(f.connectedCount),
        count(f.failedCount),
        f.connectedCount ? count(f.allConnectedMs) : "–",
        `${count(f.connectP50Ms)} / ${count(f.connectP99Ms)}`,
        formatFigure("memoryPerConnectionBytes", f.memoryPerConnectionBytes),
        `${count(f.messagesAcknowledgedCount)} / ${count(f.messagesKeptCount)}`,
        descriptorLimit(c),
      ];
    }),
    note:
      "Sockets opened at one instant and held; memory per connection = (the service's peak during the hold − its memory before) ÷ connected. " +
      "acknowledged / kept: messages answered 200 after the hold against those the service still held after each socket closed.",
  };
}
