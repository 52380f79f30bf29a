import type { LoadStep } from "../../../../contract/result.ts";

/** The closed-loop probe: fast and above the ceiling, it must never count as a passing step. */
export function fakeProbe(ceiling: number): LoadStep {
  const rate = ceiling * 1.4;
  const latency = {
    count: Math.round(rate),
    p50Ms: 0.1,
    p90Ms: 0.2,
    p95Ms: 0.3,
    p99Ms: 0.5,
    p999Ms: 1,
    maxMs: 2,
  };
  return {
    phase: "probe",
    offeredPerSec: rate,
    achievedPerSec: rate,
    durationMs: 1000,
    latency,
    errors: 0,
    lost: 0,
    dropped: 0,
    processCpuSeconds: null,
    generatorCpuSeconds: null,
    sloMet: true,
  };
}
