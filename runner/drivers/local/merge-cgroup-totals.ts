import type { DockerStats } from "../../results/cell-record.ts";
import { secondsOfNanos } from "../../units/units.ts";
import type { CgroupTotals } from "./cgroup-parent.ts";

/**
 * Completes sampled stats with the kernel's totals: the peak is at least the cgroup's high-water mark (less page
 * cache, capped at the limit: the parent counts a few pages of its own), CPU seconds are the exact total.
 */
export function mergeCgroupTotals(
  stats: DockerStats | null,
  totals: CgroupTotals | null,
  memoryLimitBytes: number,
): DockerStats | null {
  if (!totals) return stats;
  const base: DockerStats = stats ?? {
    peakMemoryBytes: 0,
    cpuSeconds: 0,
    throttledPeriods: 0,
    throttledSeconds: 0,
    samples: [],
  };
  let peak = base.peakMemoryBytes;
  if (totals.memoryPeakBytes !== null) {
    const withoutCache = Math.max(0, totals.memoryPeakBytes - totals.inactiveFileBytes);
    peak = Math.max(peak, memoryLimitBytes > 0 ? Math.min(withoutCache, memoryLimitBytes) : withoutCache);
  }
  const cpuSeconds =
    totals.cpuNanos === null ? base.cpuSeconds : Math.max(base.cpuSeconds, secondsOfNanos(totals.cpuNanos));
  return { ...base, peakMemoryBytes: peak, cpuSeconds };
}
