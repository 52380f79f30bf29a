import { drainSummary } from "./drain-summary.ts";
import type { FixedShapeWorkload } from "./fixed-shape-figures.ts";
import { stormSummary } from "./storm-summary.ts";
import type { WorkloadSummary } from "./workload-summary-table.ts";

/** The headline table for the workloads the report knows (by the script's own `workload` name); else null. */
export function workloadSummary(w: FixedShapeWorkload): WorkloadSummary | null {
  if (w.workload === "connection-storm") return stormSummary(w);
  if (w.workload === "queue-drain") return drainSummary(w);
  return null;
}
