import type { BenchResult } from "../../../../contract/result.ts";
import type { FakeCell } from "./fake-cell.ts";
import { fakeProbe } from "./fake-probe.ts";
import { fakeSteps } from "./fake-steps.ts";

const MIB = 1024 * 1024;

/** One repetition's result line: coherent steps, ceiling, resources and environment for the cell's limits. */
export function fakeResult(spec: FakeCell, ceiling: number | null, peakBytes: number): BenchResult {
  const slo = spec.sloP99Ms ?? 50;
  const p99AtCeiling = spec.p99AtCeilingMs ?? slo * 0.6;
  const steps =
    ceiling === null
      ? []
      : [
          ...fakeSteps(ceiling, slo, p99AtCeiling, spec.stepCores, spec.responseBytesPerRequest),
          fakeProbe(ceiling),
        ];
  const lat = { count: 1000, p50Ms: 1, p90Ms: 2, p95Ms: 3, p99Ms: p99AtCeiling, p999Ms: 9, maxMs: 12 };
  return {
    schemaVersion: 1,
    scenario: spec.scenario ?? "throughput",
    parameters: { payloadBytes: 1024 },
    durationMs: 30_000,
    warmupMs: 5000,
    throughput: { publishedPerSec: ceiling ?? 0, deliveredPerSec: ceiling ?? 0, ackedPerSec: ceiling ?? 0 },
    latency: { publish: lat, endToEnd: lat },
    counts: { published: 1000, delivered: 1000, acked: 1000, redelivered: 0, lost: 0, errors: 0 },
    resources: {
      peakRssBytes: peakBytes,
      peakHeapUsedBytes: peakBytes / 2,
      heapSizeBytes: peakBytes / 2,
      cgroupMemoryPeakBytes: peakBytes,
      cpuUserSeconds: 10,
      cpuSystemSeconds: 1,
      cpuThrottledPeriods: 12,
      cpuThrottledSeconds: 0.5,
      samples: [
        { elapsedMs: 0, rssBytes: peakBytes / 2, heapUsedBytes: 1, cgroupMemoryBytes: null, cpuSeconds: 0 },
      ],
    },
    eventLoopLag: { p50Ms: 0.1, p99Ms: 1, maxMs: 2 },
    slo: { p99LatencyMs: slo, latency: "endToEnd", met: ceiling !== null },
    steps,
    ceiling:
      ceiling === null
        ? null
        : {
            ceilingPerSec: ceiling,
            kneePerSec: ceiling * 0.8,
            closedLoopMaxPerSec: ceiling * 1.3,
            resolution: 0.05,
            searchSeconds: steps.reduce((sum, step) => sum + step.durationMs / 1000, 0),
            exhaustiveSweepSeconds: 10 * 5,
          },
    environment: {
      runtime: "bun",
      runtimeVersion: "1.4.5",
      smol: spec.smol ?? false,
      bunOptions: spec.smol ? "--smol" : null,
      execArgv: [],
      cpuModel: "fake",
      hostCores: 2,
      hardwareConcurrency: 2,
      constrainedMemoryBytes: spec.memoryMiB * MIB,
      cgroup: {
        version: 1,
        memoryLimitBytes: spec.memoryMiB * MIB,
        cpuQuotaMicros: spec.cpus * 100_000,
        cpuPeriodMicros: 100_000,
        cpuLimitCores: spec.cpus,
      },
      date: "2026-11-01T00:00:00.000Z",
      commit: null,
    },
    notes: [],
  };
}
