import type { DockerApi } from "../docker/docker-api.ts";
import { type CpuSeen, cpuCount } from "../results/cell-record.ts";

/** Each exec is a small read; a busy host may take a second to start one. */
const EXEC_TIMEOUT_MS = 5_000;

/**
 * What the service's container sees of the host's CPUs, read inside it with `docker exec`: the cores its main
 * process may run on (/proc/1/status Cpus_allowed_list), `nproc`, and the online CPUs (/sys/devices/system/cpu/online,
 * what sysconf(_SC_NPROCESSORS_ONLN) and thread pools sized from it read). A figure the image cannot give is null.
 */
export async function readSeenCpus(docker: DockerApi, containerId: string): Promise<CpuSeen> {
  const run = async (cmd: string[]) => {
    const outcome = await docker.execInContainer(containerId, cmd, EXEC_TIMEOUT_MS).catch(() => null);
    return outcome?.exitCode === 0 ? outcome.stdout.trim() : null;
  };
  const status = await run(["cat", "/proc/1/status"]);
  const allowed = status ? (/^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1] ?? null) : null;
  const nproc = await run(["nproc"]);
  const online = await run(["cat", "/sys/devices/system/cpu/online"]);
  const counted = nproc !== null && /^\d+$/.test(nproc) ? Number(nproc) : null;
  // nproc counts sched_getaffinity: an image without it (the offline base) gets the same count from the affinity.
  const fromAffinity = counted === null ? cpuCount(allowed) : null;
  const unread = [
    allowed === null && "Cpus_allowed_list (cat /proc/1/status)",
    counted === null && (fromAffinity === null ? "nproc" : "nproc (counted from Cpus_allowed_list instead)"),
    online === null && "online CPUs (cat /sys/devices/system/cpu/online)",
  ].filter((part): part is string => typeof part === "string");
  return {
    cpusAllowedList: allowed,
    nproc: counted ?? fromAffinity,
    onlineCpuList: online,
    unread: unread.length ? `not readable in the container: ${unread.join(", ")}` : null,
  };
}
