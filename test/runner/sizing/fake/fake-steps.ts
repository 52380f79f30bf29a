import type { LoadStep } from "../../../../contract/result.ts";

/** Synthetic p99 curve: flat at low load, exploding past the ceiling (the knee sits near 80% of it). */
function latencyAt(offered: number, ceiling: number, sloP99Ms: number, p99AtCeilingMs: number): number {
  const load = offered / ceiling;
  if (load <= 1) return Math.max(0.2, p99AtCeilingMs * (0.25 + 0.75 * load ** 4));
  return sloP99Ms * (1 + (load - 1) * 20);
}

/** The steps of a ceiling search around `ceiling`: passing below it, failing above it. */
export function fakeSteps(
  ceiling: number,
  sloP99Ms: number,
  p99AtCeilingMs: number,
  cores?: number,
  responseBytesPerRequest?: number,
): LoadStep[] {
  const fractions = [0.5, 0.75, 0.9, 1, 1.05, 1.2];
  const phases = ["bracket", "bracket", "bracket", "confirm", "bisect", "bracket"] as const;
  return fractions.map((f, i) => {
    const p99 = latencyAt(ceiling * f, ceiling, sloP99Ms, p99AtCeilingMs);
    const met = p99 <= sloP99Ms;
    return {
      phase: phases[i] ?? "bracket",
      offeredPerSec: ceiling * f,
      achievedPerSec: met ? ceiling * f : ceiling * 1.01,
      durationMs: 5000,
      latency: {
        count: Math.round(ceiling * f * 5),
        p50Ms: p99 * 0.3,
        p90Ms: p99 * 0.7,
        p95Ms: p99 * 0.85,
        p99Ms: p99,
        p999Ms: p99 * 1.3,
        maxMs: p99 * 2,
      },
      errors: 0,
      lost: 0,
      dropped: 0,
      // CPU grows with the load up to the ceiling, where it is `cores`.
      processCpuSeconds: cores === undefined ? null : cores * Math.min(f, 1) * 5,
      generatorCpuSeconds: null,
      ...(responseBytesPerRequest === undefined
        ? {}
        : {
            requestBytes: 0,
            responseBytes: responseBytesPerRequest * (met ? ceiling * f : ceiling * 1.01) * 5,
          }),
      sloMet: met,
    };
  });
}
