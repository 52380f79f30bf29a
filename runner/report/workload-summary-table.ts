/** A fixed-shape workload's headline table: a row per cell (in the workload's cell order), as text. */
export interface WorkloadSummary {
  title: string;
  header: string[];
  rows: string[][];
  /** One line on how to read it. */
  note: string;
}
