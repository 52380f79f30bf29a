import { MIB } from "../units/units.ts";

/** Container and classification defaults for running cells, in one place. */
export const CONTAINER_USER = "1000:1000";
export const PIDS_LIMIT = 256;
/** /tmp is a tmpfs whose pages count against the memory limit: cap it at a quarter of the limit, at most 64 MiB. */
export const TMPFS_MAX_BYTES = 64 * MIB;
export const TMPFS_SHARE_OF_MEMORY = 0.25;
export const STDERR_TAIL_LINES = 40;
export const OOM_EXIT_CODE = 137;
/** gc-thrash: the last samples' memory within 2% of the limit and CPU at >= 90% of min(CPU limit, 1 core). */
export const GC_THRASH_MEMORY_SHARE = 0.98;
export const GC_THRASH_CPU_SHARE = 0.9;
export const GC_THRASH_LAST_SAMPLES = 3;
/** The container's own cgroup reading may differ from the plan by this much (page rounding, CFS period). */
export const CPU_LIMIT_TOLERANCE = 0.01;
export const MEMORY_LIMIT_TOLERANCE_BYTES = 64 * 1024;
/** A repetition is contended when the host was this busy outside the measured containers (in cores) while it ran. */
export const CONTENDED_OTHER_CORES = 0.5;
/** How often a contended repetition is run again before it is kept, flagged. */
export const CONTENDED_RERUNS = 1;
