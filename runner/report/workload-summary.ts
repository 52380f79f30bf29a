import { drainSummary } from "./drain-summary.ts";
import type { FixedShapeWorkload } from "./fixed-shape-figures.ts";
import { stormSummary } from "./storm-summary.ts";

/** A fixed-shape workload's headline table: a row per cell (in the workload's cell order), as text. */
export interface WorkloadSummary {
  title: string;
  header: string[];
  rows: string[][];
  /** One line on how to read it. */
  note: string;
}

/** The headline table for the workloads the report knows (by the script's own `workload` name); else null. */
export function workloadSummary(w: FixedShapeWorkload): WorkloadSummary | null {
  if (w.workload === "connection-storm") return stormSummary(w);
  if (w.workload === "queue-drain") return drainSummary(w);
  return null;
}
