/** Local driver defaults, in one place. */
/** After a kill, how long to wait for Docker to report the exit before moving on. */
export const KILL_GRACE_MS = 10_000;
/** The pod's network-namespace holder: an idle Bun process that wakes about every 12 days. */
export const HOLDER_ENTRYPOINT = ["bun", "-e", "setInterval(() => {}, 2 ** 30)"];
/** Between two runs of a sidecar's ready check or of the readiness probe. */
export const READY_RETRY_MS = 200;
/** The node id of the local engine (one node). */
export const LOCAL_NODE_ID = "local";
/** Where the host's cgroup hierarchies are mounted. */
export const HOST_CGROUP_ROOT = "/sys/fs/cgroup";
/** Parent cgroups of measured containers live under this name in every hierarchy. */
export const CGROUP_PARENT_PREFIX = "bun-capacity";
