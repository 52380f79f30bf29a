import type { ContainerSpec } from "../docker/docker-api.ts";
import {
  CELL_ID_LABEL,
  OWNER_HOST_LABEL,
  OWNER_PID_LABEL,
  RUN_ID_LABEL,
} from "../drivers/execution-driver.ts";
import type { Cell } from "../plan/cell.ts";
import { nanoCpusOf } from "../units/units.ts";
import type { HostProbes } from "./drift-verdict.ts";
import { CONTAINER_USER, PIDS_LIMIT, TMPFS_MAX_BYTES, TMPFS_SHARE_OF_MEMORY } from "./execute-defaults.ts";
import type { CorePlan } from "./place-cores.ts";

export interface RunContext {
  runId: string;
  commit: string | null;
  ownerPid: number;
  ownerHost: string;
  /** Host probes that tell a host that slowed from a service that did (drift-verdict.ts); absent: "not probed". */
  hostProbes?: HostProbes;
}

/** The container for one repetition of a cell: real cgroup limits, no swap, read-only, unprivileged, offline. */
export function containerSpec(
  cell: Cell,
  image: string,
  context: RunContext,
  cores?: CorePlan,
): ContainerSpec {
  // The plan put BUN_OPTIONS=--smol into a smol cell's env (plan-run.ts, the one place it is set).
  const env: Record<string, string> = { ...cell.env };
  if (context.commit) env.GIT_COMMIT = context.commit;
  const tmpfsBytes = Math.min(TMPFS_MAX_BYTES, Math.floor(cell.memoryBytes * TMPFS_SHARE_OF_MEMORY));
  return {
    image,
    cmd: cell.command,
    env,
    labels: {
      [RUN_ID_LABEL]: context.runId,
      [CELL_ID_LABEL]: cell.id,
      [OWNER_PID_LABEL]: String(context.ownerPid),
      [OWNER_HOST_LABEL]: context.ownerHost,
    },
    user: CONTAINER_USER,
    nanoCpus: nanoCpusOf(cell.cpus),
    memoryBytes: cell.memoryBytes,
    memorySwapBytes: cell.memoryBytes,
    readonlyRootfs: true,
    tmpfs: { "/tmp": `rw,nosuid,nodev,size=${tmpfsBytes}` },
    capDrop: ["ALL"],
    securityOpt: ["no-new-privileges"],
    pidsLimit: PIDS_LIMIT,
    ...(typeof cell.nofile === "number" && { nofile: cell.nofile }),
    ...(cores?.service && { cpusetCpus: cores.service }),
    networkMode: cell.network ? "bridge" : "none",
  };
}
