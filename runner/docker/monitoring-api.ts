import type { DockerApi, Engine, StatsSample } from "./docker-api.ts";
import { destroyStream as destroy, readJsonLines, shortId as short } from "./docker-client.ts";
import { dockerCall as call } from "./docker-error.ts";

/** Streams about running containers: resource stats and kernel OOM events. */
export function monitoringApi(docker: Engine): Pick<DockerApi, "streamStats" | "watchOomEvents"> {
  return {
    streamStats: (id, onSample: (sample: StatsSample) => void) => {
      let stream: NodeJS.ReadableStream | null = null;
      let stopped = false;
      docker
        .getContainer(id)
        .stats({ stream: true })
        .then(async (s) => {
          stream = s as NodeJS.ReadableStream;
          if (stopped) return destroy(stream);
          for await (const line of readJsonLines(stream)) {
            const sample = parseStatsSample(line);
            if (sample) onSample(sample);
          }
        })
        .catch(() => undefined); // the stream ends with an error when the container goes away
      return () => {
        stopped = true;
        if (stream) destroy(stream);
      };
    },
    watchOomEvents: (id, onOom) =>
      call(`watch events of container ${short(id)}`, async () => {
        const stream = (await docker.getEvents({
          filters: { container: [id], event: ["oom"] },
        })) as NodeJS.ReadableStream;
        (async () => {
          for await (const _line of readJsonLines(stream)) onOom();
        })().catch(() => undefined);
        return () => destroy(stream);
      }),
  };
}

interface RawStats {
  read?: string;
  memory_stats?: { usage?: number; max_usage?: number; stats?: Record<string, number> };
  cpu_stats?: {
    cpu_usage?: { total_usage?: number };
    throttling_data?: { throttled_periods?: number; throttled_time?: number };
  };
}

/**
 * One frame of the Docker stats stream (cgroup v1 or v2 layout) as a StatsSample; null for empty frames. Memory is
 * without page cache, as `docker stats` shows it: usage less inactive_file (v1: total_inactive_file).
 */
export function parseStatsSample(raw: unknown): StatsSample | null {
  const stats = raw as RawStats;
  const readAtMs = stats.read ? Date.parse(stats.read) : Number.NaN;
  const memory = stats.memory_stats?.usage;
  if (!Number.isFinite(readAtMs) || readAtMs <= 0 || memory === undefined) return null;
  const cache = inactiveFileBytes(stats.memory_stats?.stats ?? {}, memory);
  const maxUsage = stats.memory_stats?.max_usage;
  return {
    readAtMs,
    memoryUsageBytes: memory - cache,
    memoryMaxUsageBytes: maxUsage === undefined ? null : Math.max(0, maxUsage - cache),
    cpuTotalNanos: stats.cpu_stats?.cpu_usage?.total_usage ?? 0,
    throttledPeriods: stats.cpu_stats?.throttling_data?.throttled_periods ?? 0,
    throttledNanos: stats.cpu_stats?.throttling_data?.throttled_time ?? 0,
  };
}

/** The docker CLI's rule: v1 total_inactive_file, else v2 inactive_file, only when below usage. */
function inactiveFileBytes(memoryStats: Record<string, number>, usage: number): number {
  const v1 = memoryStats.total_inactive_file;
  if (v1 !== undefined) return v1 < usage ? v1 : 0;
  const v2 = memoryStats.inactive_file;
  return v2 !== undefined && v2 < usage ? v2 : 0;
}
