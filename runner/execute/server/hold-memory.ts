import type { DockerStats } from "../../results/cell-record.ts";

export interface HoldMemory {
  /** The service's memory (Docker stats) at the last sample after it was ready and before the load began. */
  baselineBytes: number;
  /** Its highest sample while the connections were held. */
  holdPeakBytes: number;
}

/**
 * The service's memory before the load and during the hold, from its Docker stats samples (about one a second;
 * elapsedMs counts from the service container's start, serviceStartedAtMs in epoch ms). A baseline must come after
 * readiness (readyAtMs), when the runtime is loaded; null without a sample in both places.
 */
export function holdMemory(
  stats: DockerStats | null,
  serviceStartedAtMs: number,
  window: { startMs: number; holdStartMs: number | null; holdEndMs: number | null },
  readyAtMs: number = serviceStartedAtMs,
): HoldMemory | null {
  const { holdStartMs, holdEndMs } = window;
  if (stats === null || holdStartMs === null || holdEndMs === null) return null;
  const at = (sample: { elapsedMs: number }) => serviceStartedAtMs + sample.elapsedMs;
  const before = stats.samples.filter((s) => at(s) >= readyAtMs && at(s) <= window.startMs).at(-1);
  const held = stats.samples.filter((s) => at(s) >= holdStartMs && at(s) <= holdEndMs);
  if (before === undefined || held.length === 0) return null;
  return { baselineBytes: before.memoryBytes, holdPeakBytes: Math.max(...held.map((s) => s.memoryBytes)) };
}
