/** CLI choices that shape a plan; null or absent: keep what the matrix says. RunArgs satisfies this. */
export type PlanOptions = {
  profile?: string | null;
  cpus?: number[] | null;
  memoryBytes?: number[] | null;
  smol?: boolean[] | null;
  scenarios?: string[] | null;
  /** Only these of the matrix's A/B variants. */
  variants?: string[] | null;
  repetitions?: number | null;
  /** Run cells that exceed the host instead of marking them. */
  force?: boolean;
  /** Overrides the matrix's execution.driver. */
  driver?: "local" | "swarm" | null;
};
