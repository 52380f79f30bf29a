import { CellRecord, type RepetitionStatus } from "../../../runner/results/cell-record.ts";
import { spread } from "../../../runner/results/statistics.ts";
import { cellIdOf } from "./fake/cell-id-of.ts";
import type { FakeCell } from "./fake/fake-cell.ts";
import { fakeResult } from "./fake/fake-result.ts";

const MIB = 1024 * 1024;

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
