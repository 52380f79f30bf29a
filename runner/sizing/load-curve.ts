import { z } from "zod";
import type { BenchResult, LoadStep } from "../../contract/result.ts";

/**
 * Latency against load for one cell: every load step the search ran (probes aside) in its ok repetitions, as rate,
 * requests in flight (Little's law: rate × mean latency), p50, p99, the service's CPU and the bytes each way.
 */
export const CurvePoint = z
  .object({
    perSec: z.number().describe("the rate the step delivered"),
    inFlightMean: z
      .number()
      .describe("Little's law: rate × mean time from send to completion (the p50 where no mean was kept)"),
    p50Ms: z.number(),
    p99Ms: z.number(),
    cpuCores: z
      .number()
      .nullable()
      .describe("the service's CPU seconds over the step's seconds; null: not measured"),
    requestBytesPerRequest: z.number().nullable().optional().describe("null or absent: not counted"),
    responseBytesPerRequest: z.number().nullable().optional().describe("null or absent: not counted"),
    sloMet: z.boolean(),
  })
  .strict();
export type CurvePoint = z.infer<typeof CurvePoint>;

/** At most this many points per cell are kept, the lowest rates dropped first. */
const MAX_POINTS = 120;

function point(step: LoadStep): CurvePoint | null {
  const seconds = step.durationMs / 1000;
  if (!(seconds > 0) || !(step.achievedPerSec > 0)) return null;
  const meanMs = step.operationMeanMs ?? step.latency.p50Ms;
  // The counters cover every request of the step, the drain's too: per request of all those answered.
  const completed = step.latency.count;
  const bytes = (total: number | null | undefined) =>
    typeof total === "number" && completed > 0 ? total / completed : null;
  return {
    perSec: step.achievedPerSec,
    inFlightMean: step.achievedPerSec * (meanMs / 1000),
    p50Ms: step.latency.p50Ms,
    p99Ms: step.latency.p99Ms,
    cpuCores: step.processCpuSeconds === null ? null : step.processCpuSeconds / seconds,
    requestBytesPerRequest: bytes(step.requestBytes),
    responseBytesPerRequest: bytes(step.responseBytes),
    sloMet: step.sloMet,
  };
}

/** The curve of a cell's ok repetitions, by rate. */
export function loadCurve(results: readonly BenchResult[]): CurvePoint[] {
  const points = results
    .flatMap((r) => r.steps.filter((s) => s.phase !== "probe"))
    .map(point)
    .filter((p): p is CurvePoint => p !== null)
    .sort((a, b) => a.perSec - b.perSec);
  return points.slice(Math.max(0, points.length - MAX_POINTS));
}

/** The median of the response bytes per request over the curve's points that counted them; null when none did. */
export function responseBytesPerRequest(curve: readonly CurvePoint[]): number | null {
  const counted = curve
    .map((p) => p.responseBytesPerRequest)
    .filter((b): b is number => typeof b === "number")
    .sort((a, b) => a - b);
  return counted.length === 0 ? null : (counted[Math.floor(counted.length / 2)] as number);
}
