import type { LoadStep } from "../../../contract/result.ts";
import { formatMemorySize } from "../../config/memory-size.ts";
import { peakMemoryOf, type Repetition } from "../../results/cell-record.ts";
import type { MemoryProbe } from "../../results/memory-search-record.ts";

/** A size holds only with CPU per request within this of the largest size's, and RSS growing less than this. */
export const SOAK_CPU_RISE_MAX = 0.1;
export const SOAK_RSS_GROWTH_MAX = 0.1;

/** CPU-seconds per answered request over the soak's steps (null: no CPU reading). */
export function soakCpuPerRequest(steps: LoadStep[]): number | null {
  if (steps.some((s) => s.processCpuSeconds == null)) return null;
  const cpu = steps.reduce((sum, s) => sum + (s.processCpuSeconds ?? 0), 0);
  const answered = steps.reduce((sum, s) => sum + s.achievedPerSec * (s.durationMs / 1000), 0);
  return answered > 0 ? cpu / answered : null;
}

/**
 * RSS growth from the soak's middle third to its last (the first is left to settle), as a share of the limit: a heap
 * still growing by that much would, held longer, reach it. Garbage piling up before a collection in a roomy limit is
 * a small share, so only growth towards the limit counts. null: too few samples.
 */
export function rssGrowth(repetition: Repetition, soakSeconds: number, limitBytes: number): number | null {
  const samples = repetition.stats?.samples ?? [];
  const end = samples.at(-1)?.elapsedMs ?? 0;
  const third = (soakSeconds * 1000) / 3;
  const max = (from: number, to: number) =>
    Math.max(0, ...samples.filter((s) => s.elapsedMs > from && s.elapsedMs <= to).map((s) => s.memoryBytes));
  const [middle, last] = [max(end - 2 * third, end - third), max(end - third, end)];
  return middle > 0 && last > 0 ? (last - middle) / limitBytes : null;
}

/** Whether one soak at `memoryBytes` holds, against the largest size's CPU per request (null: the largest itself). */
export function judgeSoak(
  repetition: Repetition,
  memoryBytes: number,
  sloP99Ms: number,
  soakSeconds: number,
  referenceCpuPerRequest: number | null,
  reference = false,
): MemoryProbe {
  const steps = repetition.result?.steps.filter((s) => s.phase === "fixed") ?? [];
  const p99 = steps.length ? Math.max(...steps.map((s) => s.latency.p99Ms)) : null;
  const cpu = soakCpuPerRequest(steps);
  const growth = repetition.status === "ok" ? rssGrowth(repetition, soakSeconds, memoryBytes) : null;
  const peak = peakMemoryOf(repetition);
  const base = {
    memoryBytes,
    peakMemoryBytes: peak,
    p99LatencyMs: p99,
    cpuPerRequestSeconds: cpu,
    rssGrowth: growth,
  };
  // The largest size missing its own load is no memory finding: its status stays ok, the why says so.
  const fail = (status: MemoryProbe["status"], why: string): MemoryProbe =>
    reference && status === "memory-pressure"
      ? { ...base, holds: false, status: "ok", why: `the largest size itself: ${why}` }
      : { ...base, holds: false, status, why };
  if (repetition.status !== "ok") return fail(repetition.status, repetition.message);
  const rate = steps[0]?.offeredPerSec.toFixed(0) ?? "?";
  if (p99 === null || steps.some((s) => !s.sloMet))
    return fail(
      "memory-pressure",
      `p99 ${p99?.toFixed(0) ?? "?"} ms misses the ${sloP99Ms} ms SLO at ${rate}/s`,
    );
  const rise = cpu !== null && referenceCpuPerRequest ? cpu / referenceCpuPerRequest - 1 : null;
  if (rise !== null && rise > SOAK_CPU_RISE_MAX)
    return fail(
      "memory-pressure",
      `CPU per request ${Math.round(rise * 100)}% above the largest size's at ${rate}/s (more collection)`,
    );
  if (growth !== null && growth > SOAK_RSS_GROWTH_MAX)
    return fail(
      "memory-pressure",
      `RSS grew by ${Math.round(growth * 100)}% of the limit over the soak's last third: it would reach it`,
    );
  const margin =
    peak === null ? "" : `, peak ${Math.round(peak / 2 ** 20)} MiB of ${formatMemorySize(memoryBytes)}`;
  return { ...base, holds: true, status: "ok", why: `held ${rate}/s for ${soakSeconds} s${margin}` };
}
