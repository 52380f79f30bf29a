import { type BenchResult, RESULT_SCHEMA_VERSION } from "../../contract/result.ts";

const percentiles = { count: 10, p50Ms: 1, p90Ms: 2, p95Ms: 3, p99Ms: 4, p999Ms: 5, maxMs: 6 };

/** A minimal valid result for contract tests; override what a test is about. */
export function validResult(overrides: Partial<BenchResult> = {}): BenchResult {
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    scenario: "calibration",
    parameters: { opUs: 100 },
    durationMs: 1000,
    warmupMs: 100,
    throughput: { publishedPerSec: 10, deliveredPerSec: 10, ackedPerSec: 10 },
    latency: { publish: percentiles, endToEnd: null },
    counts: { published: 10, delivered: 10, acked: 10, redelivered: 0, lost: 0, errors: 0 },
    resources: {
      peakRssBytes: 1,
      peakHeapUsedBytes: 1,
      heapSizeBytes: 1,
      cgroupMemoryPeakBytes: null,
      cpuUserSeconds: 0.1,
      cpuSystemSeconds: 0,
      cpuThrottledPeriods: null,
      cpuThrottledSeconds: null,
      samples: [],
    },
    eventLoopLag: { p50Ms: 0, p99Ms: 1, maxMs: 1 },
    slo: { p99LatencyMs: 50, latency: "publish", met: true },
    steps: [],
    ceiling: null,
    environment: {
      runtime: "bun",
      runtimeVersion: "1.4.5",
      smol: false,
      bunOptions: null,
      execArgv: [],
      cpuModel: "test cpu",
      hostCores: 2,
      hardwareConcurrency: 2,
      constrainedMemoryBytes: null,
      cgroup: {
        version: 1,
        memoryLimitBytes: null,
        cpuQuotaMicros: null,
        cpuPeriodMicros: 100000,
        cpuLimitCores: null,
      },
      date: "2026-11-22T00:00:00.000Z",
      commit: null,
    },
    notes: [],
    ...overrides,
  };
}
