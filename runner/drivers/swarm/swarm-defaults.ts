/** Swarm driver settings, in one place. */
export const DRIVER_LABEL = "bun-capacity.driver";
/** How often a running task's state is read. */
export const TASK_POLL_MS = 250;
/** A task that is not running after this long (no node resources, image missing) ends the repetition. */
export const TASK_START_TIMEOUT_MS = 60_000;
/** Extra engines (one per swarm node), comma-separated unix:// or tcp:// addresses; the local engine is implied. */
export const SWARM_ENGINES_ENV = "BUN_CAPACITY_SWARM_ENGINES";
/** The probe job's timeout: it only reads a few /proc files. */
export const PROBE_TIMEOUT_MS = 60_000;
