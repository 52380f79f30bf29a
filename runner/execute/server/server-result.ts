import os from "node:os";
import {
  type BenchResult,
  type Ceiling,
  type LoadStep,
  RESULT_SCHEMA_VERSION,
} from "../../../contract/result.ts";
import type { RunFacts } from "../../drivers/execution-driver.ts";
import type { Cell } from "../../plan/cell.ts";
import type { ServiceCell } from "../../plan/service-cell.ts";
import type { DockerStats } from "../../results/cell-record.ts";
import { cpusOfNanoCpus } from "../../units/units.ts";

const CFS_PERIOD_MICROS = 100_000;

export interface ServerResultParts {
  cell: Cell & { service: ServiceCell; concurrency: number };
  steps: LoadStep[];
  /** null: a fixed-shape workload (no search). */
  ceiling: Ceiling | null;
  searchNotes: string[];
  warmupMs: number;
  facts: RunFacts;
  sidecarCpuSeconds: Record<string, number> | null;
  commit: string | null;
}

/**
 * The contract line for a service measured from outside, built on the runner side. Requests are the unit: a
 * request is "published" when sent and "delivered"/"acked" when answered as expected; ceilingPerSec means requests/s.
 */
export function serverResult(parts: ServerResultParts): BenchResult {
  const { cell, steps, facts } = parts;
  const load = steps.filter((step) => step.phase !== "probe");
  const representative =
    load.filter((step) => step.phase === "confirm" && step.sloMet).at(-1) ??
    load.at(-1) ??
    steps.at(-1) ??
    null;
  const seconds = (representative?.durationMs ?? 0) / 1000;
  const sent = Math.round((representative?.offeredPerSec ?? 0) * seconds);
  const answered = Math.round((representative?.achievedPerSec ?? 0) * seconds);
  const stats = facts.stats;
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    scenario: cell.scenario,
    parameters: {
      concurrency: cell.concurrency,
      port: cell.service.port,
      requestKinds: cell.service.requests.length,
      script: cell.service.scriptPath ?? false,
    },
    durationMs: steps.reduce((sum, step) => sum + step.durationMs, 0),
    warmupMs: parts.warmupMs,
    throughput: {
      publishedPerSec: representative?.offeredPerSec ?? 0,
      deliveredPerSec: representative?.achievedPerSec ?? 0,
      ackedPerSec: representative?.achievedPerSec ?? 0,
    },
    latency: { publish: null, endToEnd: representative?.latency ?? null },
    counts: {
      published: sent,
      delivered: answered,
      acked: answered,
      redelivered: 0,
      lost: 0,
      errors: steps.reduce((sum, step) => sum + step.errors, 0),
    },
    resources: resources(stats),
    eventLoopLag: { p50Ms: 0, p99Ms: 0, maxMs: 0 },
    slo: {
      p99LatencyMs: cell.sloP99Ms,
      latency: "endToEnd",
      met: (parts.ceiling?.ceilingPerSec ?? null) !== null,
    },
    steps,
    ceiling: parts.ceiling,
    environment: {
      runtime: "http-service",
      runtimeVersion: "unknown (measured from outside the container)",
      smol: cell.smol,
      bunOptions: cell.env.BUN_OPTIONS ?? null,
      execArgv: cell.command,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      hostCores: facts.node?.cpus ?? os.cpus().length,
      hardwareConcurrency: facts.node?.cpus ?? os.cpus().length,
      constrainedMemoryBytes: facts.applied?.memoryBytes ?? null,
      cgroup: {
        version: facts.node?.cgroupVersion ?? null,
        memoryLimitBytes: facts.applied?.memoryBytes || null,
        cpuQuotaMicros: facts.applied
          ? Math.round(cpusOfNanoCpus(facts.applied.nanoCpus) * CFS_PERIOD_MICROS)
          : null,
        cpuPeriodMicros: facts.applied ? CFS_PERIOD_MICROS : null,
        cpuLimitCores: facts.applied ? cpusOfNanoCpus(facts.applied.nanoCpus) : null,
      },
      date: new Date().toISOString(),
      commit: parts.commit,
    },
    notes: [
      "server mode: ceilingPerSec, throughput and counts are HTTP requests (answered with an expected status, 200–399 by default) per second, measured by the load generator outside the service's container",
      `latency runs from each request's intended send time, waiting included; at most ${cell.concurrency} requests in flight (Cloud Run --concurrency)`,
      "resources come from Docker stats and cgroup limits as applied, read from outside: heap and event-loop lag are not observable there (reported as 0), CPU is user + system",
      ...sidecarNotes(parts.sidecarCpuSeconds),
      ...parts.searchNotes,
    ],
  };
}

function resources(stats: DockerStats | null): BenchResult["resources"] {
  let cpuSeconds = 0;
  const samples = (stats?.samples ?? []).map((sample, index, all) => {
    const previous = all[index - 1];
    if (previous) cpuSeconds += ((sample.elapsedMs - previous.elapsedMs) / 1000) * (sample.cpuPercent / 100);
    return {
      elapsedMs: sample.elapsedMs,
      rssBytes: sample.memoryBytes,
      heapUsedBytes: 0,
      cgroupMemoryBytes: sample.memoryBytes,
      cpuSeconds,
    };
  });
  return {
    peakRssBytes: stats?.peakMemoryBytes ?? 0,
    peakHeapUsedBytes: 0,
    heapSizeBytes: 0,
    cgroupMemoryPeakBytes: stats?.peakMemoryBytes ?? null,
    cpuUserSeconds: stats?.cpuSeconds ?? 0,
    cpuSystemSeconds: 0,
    cpuThrottledPeriods: stats?.throttledPeriods ?? null,
    cpuThrottledSeconds: stats?.throttledSeconds ?? null,
    samples,
  };
}

function sidecarNotes(cpu: Record<string, number> | null): string[] {
  if (cpu === null) return [];
  return Object.entries(cpu).map(
    ([name, seconds]) =>
      `sidecar ${name} used ${seconds.toFixed(2)} CPU-s, not counted in the service's size (Repetition.sidecarCpuSeconds)`,
  );
}
