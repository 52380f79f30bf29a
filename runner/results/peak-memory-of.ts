import type { Repetition } from "./cell-record.ts";

/** A repetition's peak memory: the container's own cgroup reading, else the runner's stats, else the process's RSS. */
export function peakMemoryOf(rep: Repetition): number | null {
  return (
    rep.result?.resources.cgroupMemoryPeakBytes ??
    rep.stats?.peakMemoryBytes ??
    rep.result?.resources.peakRssBytes ??
    null
  );
}
