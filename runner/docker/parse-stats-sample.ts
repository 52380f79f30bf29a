import type { StatsSample } from "./docker-api.ts";

interface RawStats {
  read?: string;
  memory_stats?: { usage?: number; max_usage?: number };
  cpu_stats?: {
    cpu_usage?: { total_usage?: number };
    throttling_data?: { throttled_periods?: number; throttled_time?: number };
  };
}

/** One frame of the Docker stats stream (cgroup v1 or v2 layout) as a StatsSample; null for empty frames. */
export function parseStatsSample(raw: unknown): StatsSample | null {
  const stats = raw as RawStats;
  const readAtMs = stats.read ? Date.parse(stats.read) : Number.NaN;
  const memory = stats.memory_stats?.usage;
  if (!Number.isFinite(readAtMs) || readAtMs <= 0 || memory === undefined) return null;
  return {
    readAtMs,
    memoryUsageBytes: memory,
    memoryMaxUsageBytes: stats.memory_stats?.max_usage ?? null,
    cpuTotalNanos: stats.cpu_stats?.cpu_usage?.total_usage ?? 0,
    throttledPeriods: stats.cpu_stats?.throttling_data?.throttled_periods ?? 0,
    throttledNanos: stats.cpu_stats?.throttling_data?.throttled_time ?? 0,
  };
}
