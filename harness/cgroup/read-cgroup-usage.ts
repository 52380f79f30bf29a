import { DEFAULT_CGROUP_ROOT, readCgroupNumber, readCgroupStat } from "./cgroup-files.ts";
import { detectCgroupVersion, v1CpuDir } from "./detect-cgroup-version.ts";

/** Point-in-time cgroup counters; null where the kernel does not expose them. */
export interface CgroupUsage {
  /** Usage less the page cache the kernel could drop (inactive file), as `docker stats` counts it. */
  memoryBytes: number | null;
  /** The kernel's high-water mark, page cache included (it keeps no other). */
  memoryPeakBytes: number | null;
  /** Page cache the kernel could drop now (v1 total_inactive_file, v2 inactive_file); 0 when unread. */
  inactiveFileBytes: number;
  throttledPeriods: number | null;
  throttledSeconds: number | null;
}

/** Reads current/peak memory and CPU throttling counters (cumulative since the cgroup was created). */
export function readCgroupUsage(root: string = DEFAULT_CGROUP_ROOT): CgroupUsage {
  const version = detectCgroupVersion(root);
  if (version === 2) {
    const stat = readCgroupStat(root, "cpu.stat");
    const usec = stat.get("throttled_usec");
    const inactive = readCgroupStat(root, "memory.stat").get("inactive_file") ?? 0;
    return {
      memoryBytes: withoutCache(readCgroupNumber(root, "memory.current"), inactive),
      memoryPeakBytes: readCgroupNumber(root, "memory.peak"),
      inactiveFileBytes: inactive,
      throttledPeriods: stat.get("nr_throttled") ?? null,
      throttledSeconds: usec === undefined ? null : usec / 1e6,
    };
  }
  if (version === 1) {
    const stat = readCgroupStat(root, v1CpuDir(root), "cpu.stat");
    const nanos = stat.get("throttled_time");
    const inactive = readCgroupStat(root, "memory", "memory.stat").get("total_inactive_file") ?? 0;
    return {
      memoryBytes: withoutCache(readCgroupNumber(root, "memory", "memory.usage_in_bytes"), inactive),
      memoryPeakBytes: readCgroupNumber(root, "memory", "memory.max_usage_in_bytes"),
      inactiveFileBytes: inactive,
      throttledPeriods: stat.get("nr_throttled") ?? null,
      throttledSeconds: nanos === undefined ? null : nanos / 1e9,
    };
  }
  return {
    memoryBytes: null,
    memoryPeakBytes: null,
    inactiveFileBytes: 0,
    throttledPeriods: null,
    throttledSeconds: null,
  };
}

/** The docker CLI's rule: inactive file pages are subtracted only when below usage. */
function withoutCache(usage: number | null, inactiveFile: number): number | null {
  return usage === null ? null : inactiveFile < usage ? usage - inactiveFile : usage;
}
