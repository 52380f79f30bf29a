import type { BenchResult, LoadStep } from "../../../contract/result.ts";
import { CellRecord, type RepetitionStatus } from "../../../runner/results/cell-record.ts";
import { spread } from "../../../runner/results/spread.ts";

const MIB = 1024 * 1024;

export interface FakeCell {
  scenario?: string;
  cpus: number;
  memoryMiB: number;
  smol?: boolean;
  /** Median ceiling; repetitions spread around it by `ceilingJitter` (relative). */
  ceilingPerSec: number | null;
  ceilingJitter?: number;
  peakMemoryMiB?: number;
  sloP99Ms?: number;
  p99AtCeilingMs?: number;
  repetitions?: number;
  status?: CellRecord["status"];
  repetitionStatuses?: RepetitionStatus[];
  exceedsHost?: string | null;
  runId?: string;
  /** CPU cores the process kept busy in each load step (the per-step processCpuSeconds field); absent by default. */
  stepCores?: number;
  /** Docker stats CPU samples of each repetition, in % of one core (the fallback CPU evidence). */
  statsCpuPercent?: number[];
}

/** Synthetic p99 curve: flat at low load, exploding past the ceiling (the knee sits near 80% of it). */
function latencyAt(offered: number, ceiling: number, sloP99Ms: number, p99AtCeilingMs: number): number {
  const load = offered / ceiling;
  if (load <= 1) return Math.max(0.2, p99AtCeilingMs * (0.25 + 0.75 * load ** 4));
  return sloP99Ms * (1 + (load - 1) * 20);
}

function fakeSteps(ceiling: number, sloP99Ms: number, p99AtCeilingMs: number, cores?: number): LoadStep[] {
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
      processCpuSeconds: cores === undefined ? null : cores * 5,
      generatorCpuSeconds: null,
      sloMet: met,
    };
  });
}

/** The closed-loop probe: fast and above the ceiling, it must never count as a passing step. */
function fakeProbe(ceiling: number): LoadStep {
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

function fakeResult(spec: FakeCell, ceiling: number | null, peakBytes: number): BenchResult {
  const slo = spec.sloP99Ms ?? 50;
  const p99AtCeiling = spec.p99AtCeilingMs ?? slo * 0.6;
  const steps =
    ceiling === null ? [] : [...fakeSteps(ceiling, slo, p99AtCeiling, spec.stepCores), fakeProbe(ceiling)];
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

export const cellIdOf = (spec: FakeCell) =>
  `${spec.scenario ?? "throughput"}__cpu${spec.cpus}__mem${spec.memoryMiB}Mi__smol${spec.smol ? 1 : 0}`;

/** A valid CellRecord (parsed through the real schema) with fake but coherent repetitions and steps. */
export function fakeCellRecord(spec: FakeCell): CellRecord {
  const reps = spec.repetitions ?? 3;
  const jitter = spec.ceilingJitter ?? 0.02;
  const peakBytes = (spec.peakMemoryMiB ?? spec.memoryMiB * 0.4) * MIB;
  const statuses = spec.repetitionStatuses ?? Array.from({ length: reps }, () => "ok" as RepetitionStatus);
  const status = spec.status ?? (spec.exceedsHost ? "exceeds-host" : "ok");
  const repetitions =
    status === "exceeds-host"
      ? []
      : statuses.map((repStatus, index) => {
          const factor = 1 + jitter * (index - (statuses.length - 1) / 2);
          const ceiling = spec.ceilingPerSec === null ? null : spec.ceilingPerSec * factor;
          return {
            index,
            status: repStatus,
            message: repStatus === "ok" ? "ok" : `${repStatus} in repetition ${index}`,
            exitCode: repStatus === "ok" ? 0 : 137,
            wallSeconds: 40,
            result: repStatus === "ok" ? fakeResult(spec, ceiling, peakBytes) : null,
            stderrTail: "",
            rawStdout: null,
            oomKilled: repStatus === "oom",
            oomEvent: repStatus === "oom",
            applied: null,
            limitMismatches: [],
            stats: {
              peakMemoryBytes: repStatus === "oom" ? spec.memoryMiB * MIB : peakBytes,
              cpuSeconds: 10,
              throttledPeriods: 3,
              throttledSeconds: 0.4,
              samples: (spec.statsCpuPercent ?? []).map((cpuPercent, i) => ({
                elapsedMs: i * 1000,
                memoryBytes: peakBytes,
                cpuPercent,
              })),
            },
          };
        });
  const okCeilings = repetitions
    .filter((r) => r.status === "ok")
    .map((r) => r.result?.ceiling?.ceilingPerSec)
    .filter((c): c is number => typeof c === "number");
  const ceilingSpread = spread(okCeilings);
  return CellRecord.parse({
    schemaVersion: 1,
    runId: spec.runId ?? "run-fixture",
    cell: {
      id: cellIdOf(spec),
      scenario: spec.scenario ?? "throughput",
      flags: {},
      cpus: spec.cpus,
      memoryBytes: spec.memoryMiB * MIB,
      smol: spec.smol ?? false,
      sloP99Ms: spec.sloP99Ms ?? 50,
      warmupSeconds: 5,
      durationSeconds: 30,
      repetitions: reps,
      timeoutSeconds: 300,
      image: "bun-capacity-bench:test",
      command: [],
      env: spec.smol ? { BUN_OPTIONS: "--smol" } : {},
      network: false,
      exceedsHost: spec.exceedsHost ?? null,
    },
    status,
    message:
      status === "ok" ? "all repetitions ok" : status === "exceeds-host" ? (spec.exceedsHost ?? "") : status,
    repetitions,
    summary: {
      ceilingPerSec: ceilingSpread,
      throughputPerSec: ceilingSpread,
      p99LatencyMs: null,
      peakMemoryBytes: spread(repetitions.map((r) => r.stats.peakMemoryBytes)),
      noisy: (ceilingSpread?.cv ?? 0) > 0.1,
    },
    startedAt: "2026-11-01T00:00:00.000Z",
    finishedAt: "2026-11-01T00:05:00.000Z",
  });
}

/** A small but complete matrix: 0.5/1/2 vCPU × 256/512/1024 MiB × smol, plus one exceeds-host cell. */
export function fakeMatrix(runId = "run-fixture", scenario = "throughput"): CellRecord[] {
  const out: CellRecord[] = [];
  for (const cpus of [0.5, 1, 2])
    for (const memoryMiB of [256, 512, 1024])
      for (const smol of [false, true]) {
        const base = cpus === 0.5 ? 4000 : 9000 * (cpus === 2 ? 1.05 : 1);
        out.push(
          fakeCellRecord({
            runId,
            scenario,
            cpus,
            memoryMiB,
            smol,
            ceilingPerSec: base * (smol ? 0.92 : 1),
            peakMemoryMiB: smol ? 150 : 190,
            p99AtCeilingMs: (smol ? 34 : 30) / cpus,
            stepCores: Math.min(cpus, 1) * 0.97, // one JavaScript thread, saturated
          }),
        );
      }
  out.push(
    fakeCellRecord({
      runId,
      scenario,
      cpus: 4,
      memoryMiB: 2048,
      ceilingPerSec: null,
      exceedsHost: "4 CPUs > 2 host cores",
    }),
  );
  return out;
}
