import type { FixedShapeColumn, FixedShapeWorkload } from "./fixed-shape-figures.ts";
import type { WorkloadSummary } from "./workload-summary-table.ts";

const count = (n: number | undefined) => (n === undefined ? "–" : Math.round(n).toLocaleString("en-US"));

/** How long the backlog took to reach 0 after production stopped, or that it never did within max-drain-ms. */
function drainTime(c: FixedShapeColumn): string {
  const { drainMs, drained } = c.figures;
  if (drainMs === undefined) return "–";
  return drained === 0 ? `not drained after ${count(drainMs)} ms` : `${count(drainMs)} ms`;
}

/** The queue per cell: what was offered, created and processed, their ratio, the peak backlog and the drain. */
export function drainSummary(w: FixedShapeWorkload): WorkloadSummary {
  return {
    title: "Queue backlog and drain",
    header: [
      "size",
      "status",
      "offered msg/s",
      "created msg/s",
      "processed msg/s",
      "saturation (created ÷ processed)",
      "worker capacity msg/s",
      "peak backlog msgs",
      "drain time",
    ],
    rows: w.cells.map((c) => {
      const f = c.figures;
      return [
        c.label,
        c.status,
        count(f.offeredPerSec),
        count(f.createdPerSec),
        count(f.processedPerSec),
        f.saturationRatio === undefined ? "–" : f.saturationRatio.toFixed(2),
        count(f.workerCapacityPerSec),
        count(f.peakBacklogMessages),
        drainTime(c),
      ];
    }),
    note:
      "Rates over the production phase; saturation above 1 means the backlog grew while producers ran. " +
      "Drain time runs from the end of production until the subscription's backlog is 0.",
  };
}
