import { readFile } from "node:fs/promises";
import { secondsOfNanos } from "../../units/units.ts";

// Where Docker puts a container's CPU accounting: cgroup v1 (cgroupfs or systemd driver), then cgroup v2.
const V1_USAGE_NANOS = [
  (id: string) => `/sys/fs/cgroup/cpuacct/docker/${id}/cpuacct.usage`,
  (id: string) => `/sys/fs/cgroup/cpu,cpuacct/docker/${id}/cpuacct.usage`,
  (id: string) => `/sys/fs/cgroup/cpuacct/system.slice/docker-${id}.scope/cpuacct.usage`,
];
const V2_CPU_STAT = [
  (id: string) => `/sys/fs/cgroup/system.slice/docker-${id}.scope/cpu.stat`,
  (id: string) => `/sys/fs/cgroup/docker/${id}/cpu.stat`,
];

/** A local container's cumulative CPU-seconds, read from its cgroup on this host; null when not readable here. */
export async function containerCpuSeconds(id: string): Promise<number | null> {
  for (const path of V1_USAGE_NANOS) {
    const text = await readFile(path(id), "utf8").catch(() => null);
    if (text !== null && /^\d+\s*$/.test(text)) return secondsOfNanos(Number(text));
  }
  for (const path of V2_CPU_STAT) {
    const text = await readFile(path(id), "utf8").catch(() => null);
    const micros = text?.match(/^usage_usec (\d+)$/m)?.[1];
    if (micros) return Number(micros) / 1e6;
  }
  return null;
}
