import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";

/** Every bound on a CPU count, in one table: the matrix's cpus, the run's --cpus and check's --cpus take theirs here. */
export const CPU_BOUNDS = {
  /** Docker's --cpus granularity, the smallest limit it takes. */
  min: 0.01,
  /** A sanity bound on any CPU figure (matrix and run flags); Cloud Run's own limit is enforced unless --force. */
  max: 1024,
  /** The largest Cloud Run instance: cells above it need --force, and check sizes none bigger. */
  cloudRunMax: CLOUD_RUN_LIMITS.maxCpus,
} as const;
