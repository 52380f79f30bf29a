import { DEFAULT_CGROUP_ROOT, readCgroupNumber, readCgroupStat } from "./cgroup-files.ts";
import { detectCgroupVersion, v1CpuDir } from "./detect-cgroup-version.ts";

/** Point-in-time cgroup counters; null where the kernel does not expose them. */
export interface CgroupUsage {
  memoryBytes: number | null;
  memoryPeakBytes: number | null;
  throttledPeriods: number | null;
  throttledSeconds: number | null;
}

/** Reads current/peak memory and CPU throttling counters (cumulative since the cgroup was created). */
export function readCgroupUsage(root: string = DEFAULT_CGROUP_ROOT): CgroupUsage {
  const version = detectCgroupVersion(root);
  if (version === 2) {
    const stat = readCgroupStat(root, "cpu.stat");
    const usec = stat.get("throttled_usec");
    return {
      memoryBytes: readCgroupNumber(root, "memory.current"),
      memoryPeakBytes: readCgroupNumber(root, "memory.peak"),
      throttledPeriods: stat.get("nr_throttled") ?? null,
      throttledSeconds: usec === undefined ? null : usec / 1e6,
    };
  }
  if (version === 1) {
    const stat = readCgroupStat(root, v1CpuDir(root), "cpu.stat");
    const nanos = stat.get("throttled_time");
    return {
      memoryBytes: readCgroupNumber(root, "memory", "memory.usage_in_bytes"),
      memoryPeakBytes: readCgroupNumber(root, "memory", "memory.max_usage_in_bytes"),
      throttledPeriods: stat.get("nr_throttled") ?? null,
      throttledSeconds: nanos === undefined ? null : nanos / 1e9,
    };
  }
  return { memoryBytes: null, memoryPeakBytes: null, throttledPeriods: null, throttledSeconds: null };
}
