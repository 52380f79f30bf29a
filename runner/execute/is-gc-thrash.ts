import type { DockerStats } from "../results/cell-record.ts";
import { GC_THRASH_CPU_SHARE, GC_THRASH_LAST_SAMPLES, GC_THRASH_MEMORY_SHARE } from "./execute-defaults.ts";

/**
 * A hung container that sat at its memory limit with the CPU saturated: the GC fighting for the last pages. Saturated
 * means min(cpus, 1) core busy: a thrashing JavaScript thread uses about one core however many the cell has.
 */
export function isGcThrash(stats: DockerStats | null, memoryLimitBytes: number, cpus: number): boolean {
  const last = stats?.samples.slice(-GC_THRASH_LAST_SAMPLES) ?? [];
  if (last.length < GC_THRASH_LAST_SAMPLES) return false;
  return last.every(
    (s) =>
      s.memoryBytes >= memoryLimitBytes * GC_THRASH_MEMORY_SHARE &&
      s.cpuPercent >= Math.min(cpus, 1) * 100 * GC_THRASH_CPU_SHARE,
  );
}
