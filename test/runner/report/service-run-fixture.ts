import { CellRecord, type RepetitionStatus } from "../../../runner/results/cell-record.ts";
import type { FakeCell } from "../sizing/fake/fake-cell.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";

/** What a workload module declares (generator/describe.ts): its unit and which latency it times. */
export interface Declared {
  rateUnit?: string | null;
  latency?: "request" | "end-to-end";
}

/** The bundled workloads' declarations: ingest counts requests, e2e publishes timed end to end. */
export const INGEST: Declared = { rateUnit: null, latency: "request" };
export const E2E: Declared = { rateUnit: "publishes/s", latency: "end-to-end" };

function serviceBlock(workload: Declared, fixed: boolean) {
  return {
    port: 8080,
    readyPath: "/healthz",
    readyTimeoutSeconds: 30,
    stepSeconds: 2,
    requests: [],
    script: null,
    scriptPath: "service/workloads/fixture.ts",
    workload: {
      shape: fixed ? "fixed" : "paced",
      rateUnit: workload.rateUnit ?? null,
      latency: workload.latency ?? "request",
      flags: {},
      imagePath: null,
    },
    ...(fixed ? { fixed: true } : {}),
    holderImage: "bun-capacity/bun-base:test",
    generator: {
      name: "bun-generator",
      version: "0.1.0",
      image: "bun-capacity/generator:test",
      calibration: null,
    },
    sidecars: [],
  };
}

/** A server-mode ceiling-search cell running a workload that declares `workload`, measured at `concurrency`. */
export function servedRecord(spec: FakeCell & { workload: Declared; concurrency?: number }): CellRecord {
  const base = fakeCellRecord(spec);
  const concurrency = spec.concurrency ?? 80;
  return CellRecord.parse({
    ...base,
    cell: {
      ...base.cell,
      id: `${base.cell.id}__c${concurrency}`,
      mode: "service",
      concurrency,
      service: serviceBlock(spec.workload, false),
    },
  });
}

export interface FixedSpec {
  scenario: string;
  workload: string;
  cpus: number;
  memoryMiB: number;
  nofile?: number;
  flags?: Record<string, number>;
  /** One entry per ok repetition: its figures and its stored parameters besides them (e.g. timeline.*). */
  repetitions: Array<{ figures: Record<string, number>; extra?: Record<string, string> }>;
  /** A cell whose repetitions all ended so (no result), e.g. fd-limit. */
  failed?: { status: RepetitionStatus; message: string };
}

/** A server-mode fixed-shape cell (search: false): its figures stored as fixed.* parameters, as the runner stores them. */
export function fixedRecord(spec: FixedSpec): CellRecord {
  const reps = spec.failed ? 1 : spec.repetitions.length;
  const base = fakeCellRecord({
    scenario: spec.scenario,
    cpus: spec.cpus,
    memoryMiB: spec.memoryMiB,
    ceilingPerSec: 1,
    repetitions: reps,
    ...(spec.failed ? { repetitionStatuses: [spec.failed.status], status: spec.failed.status } : {}),
  });
  const repetitions = base.repetitions.map((r, i) => {
    const rep = spec.repetitions[i];
    if (!r.result || !rep) return r;
    const parameters: Record<string, string | number> = { port: 8080, workload: spec.workload };
    for (const [name, value] of Object.entries(rep.figures)) parameters[`fixed.${name}`] = value;
    return {
      ...r,
      result: {
        ...r.result,
        parameters: { ...parameters, ...rep.extra },
        steps: [],
        ceiling: null,
        slo: null,
      },
    };
  });
  return CellRecord.parse({
    ...base,
    status: spec.failed?.status ?? "ok",
    message: spec.failed?.message ?? "all repetitions ok",
    repetitions,
    summary: { ...base.summary, ceilingPerSec: null, throughputPerSec: null },
    cell: {
      ...base.cell,
      id: `${base.cell.id}${spec.nofile ? `__nofile${spec.nofile}` : ""}`,
      flags: spec.flags ?? {},
      mode: "service",
      concurrency: 80,
      ...(spec.nofile ? { nofile: spec.nofile } : {}),
      service: serviceBlock({}, true),
    },
  });
}

/** The backlog series queue-drain-step.js reports: up for produceMs, then down to 0. */
export const backlogTimeline = (
  peak: number,
  produceMs: number,
  drainMs: number,
): Array<[number, number]> => [
  [0, 0],
  [produceMs / 2, peak / 2],
  [produceMs, peak],
  [produceMs + drainMs / 2, peak / 2],
  [produceMs + drainMs, 0],
];

/**
 * A server-mode run as the bundled server profile measures it: ingest (req/s) and e2e (publishes/s, end-to-end) at
 * 0.5 vCPU (concurrency 1) and 1 vCPU (concurrency 80), a storm (one cell at its fd limit), a queue drain.
 */
export async function serviceRun(runId: string): Promise<CellRecord[]> {
  const served = [0.5, 1].flatMap((cpus) => {
    const common = { runId, cpus, memoryMiB: 512, concurrency: cpus < 1 ? 1 : 80, stepCores: cpus * 0.9 };
    return [
      servedRecord({ ...common, scenario: "ingest", ceilingPerSec: 3000 * cpus, workload: INGEST }),
      servedRecord({ ...common, scenario: "e2e", ceilingPerSec: 800 * cpus, workload: E2E }),
    ];
  });
  const storm = (connected: number) => ({
    figures: {
      connectedCount: connected,
      failedCount: 0,
      allConnectedMs: 3100,
      connectP50Ms: 2500,
      connectP99Ms: 3000,
      memoryPerConnectionBytes: 4198,
      messagesAcknowledgedCount: connected,
      messagesKeptCount: connected,
    },
  });
  const drain = (peak: number) => ({
    figures: {
      peakBacklogMessages: peak,
      drainMs: 2200,
      drained: 1,
      createdPerSec: 993,
      processedPerSec: 711,
      saturationRatio: 1.4,
      workerCapacityPerSec: 800,
      offeredPerSec: 1000,
      produceMs: 5000,
    },
    extra: { "timeline.backlogMessages": JSON.stringify(backlogTimeline(peak, 5000, 2200)) },
  });
  return [
    ...served,
    fixedRecord({
      scenario: "connection-storm",
      workload: "connection-storm",
      cpus: 1,
      memoryMiB: 256,
      flags: { connections: 10000 },
      repetitions: [storm(10000)],
    }),
    fixedRecord({
      scenario: "connection-storm",
      workload: "connection-storm",
      cpus: 1,
      memoryMiB: 512,
      nofile: 4096,
      flags: { connections: 10000 },
      repetitions: [],
      failed: { status: "fd-limit", message: "the connection storm never finished: ulimit nofile 4096" },
    }),
    fixedRecord({
      scenario: "queue-drain",
      workload: "queue-drain",
      cpus: 1,
      memoryMiB: 256,
      repetitions: [drain(1426), drain(1500)],
    }),
  ].map((r) => ({ ...r, runId }));
}
