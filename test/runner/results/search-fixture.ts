import type { BenchResult, LoadStep } from "../../../contract/result.ts";
import { validResult } from "../../contract/result-fixture.ts";

/** One load step at `offeredPerSec` with p99 `p99Ms`; achieved = offered unless given. */
export function loadStep(
  phase: LoadStep["phase"],
  offeredPerSec: number,
  p99Ms: number,
  overrides: Partial<LoadStep> = {},
): LoadStep {
  return {
    phase,
    offeredPerSec,
    achievedPerSec: offeredPerSec,
    durationMs: 1000,
    latency: {
      count: 100,
      p50Ms: p99Ms / 4,
      p90Ms: p99Ms / 2,
      p95Ms: p99Ms / 1.5,
      p99Ms,
      p999Ms: p99Ms,
      maxMs: p99Ms,
    },
    errors: 0,
    lost: 0,
    dropped: 0,
    processCpuSeconds: null,
    generatorCpuSeconds: null,
    sloMet: p99Ms <= 50,
    ...overrides,
  };
}

/** A ceiling-search result (SLO 50 ms) from its steps; ceilingPerSec as the search reported it. */
export function searchResult(steps: LoadStep[], ceilingPerSec: number | null): BenchResult {
  return validResult({
    steps,
    ceiling: {
      ceilingPerSec,
      kneePerSec: null,
      closedLoopMaxPerSec: 2000,
      resolution: 0.05,
      searchSeconds: steps.length,
      exhaustiveSweepSeconds: 13,
    },
  });
}
