import { z } from "zod";
import { HostProbe } from "../../contract/host-probe.ts";
import { BenchResult } from "../../contract/result.ts";
import { AppliedLimits } from "../docker/applied-limits.ts";
import { CPU_VIEWS, parseCpuList } from "../host/core-allocation.ts";
import { Cell } from "../plan/cell.ts";
import { ConcurrencySearchRecord } from "./concurrency-search.ts";

/** One machine that measured (a local engine or a swarm node), as stored with each repetition. */
export const NodeFacts = z
  .object({
    id: z.string(),
    hostname: z.string(),
    physicalHostId: z.string().describe("nodes on one physical host share its cores (boot id)"),
    cpus: z.number().positive(),
    memoryBytes: z.number().nonnegative(),
    kernelVersion: z.string(),
    cgroupVersion: z.union([z.literal(1), z.literal(2)]).nullable(),
  })
  .strict();
export type NodeFacts = z.infer<typeof NodeFacts>;

/** What the service's container saw of the host's CPUs, read inside it (drivers/read-seen-cpus.ts). */
export const CpuSeen = z
  .object({
    cpusAllowedList: z
      .string()
      .nullable()
      .describe("its main process's affinity, /proc/1/status Cpus_allowed_list"),
    nproc: z.number().int().positive().nullable().describe("`nproc` inside the container"),
    onlineCpuList: z.string().nullable().describe("/sys/devices/system/cpu/online inside the container"),
    unread: z.string().nullable().describe("which figures the image could not give (null: all read)"),
  })
  .strict();
export type CpuSeen = z.infer<typeof CpuSeen>;

/** Which cores a repetition's service and the rest of its pod ran on, and what the service saw (cell records, run.json). */
export const CpuPlacement = z
  .object({
    view: z.enum(CPU_VIEWS).describe("pinned: cores of its own plus the quota; shared: the quota alone"),
    serviceCpuset: z
      .string()
      .nullable()
      .describe("the service's cores as Docker applied them (null: any core)"),
    othersCpuset: z
      .string()
      .nullable()
      .describe("the generator's, sidecars' and holder's cores (null: any core)"),
    seen: CpuSeen.nullable().describe(
      "read inside the service's container; null: the driver could not exec there",
    ),
    note: z.string().nullable().describe("why it ran shared although pinned was asked"),
  })
  .strict();
export type CpuPlacement = z.infer<typeof CpuPlacement>;

/** How many CPUs a kernel CPU list names ("0-1" -> 2); null when absent or malformed. */
export function cpuCount(list: string | null): number | null {
  return list === null ? null : (parseCpuList(list)?.length ?? null);
}

/** e.g. "pinned 1 (nproc 1, online 2)", "shared (nproc 2, online 2)": the report's cell-table cell. */
export function describePlacement(placement: CpuPlacement | null | undefined): string {
  if (!placement) return "—";
  const cores = placement.view === "pinned" && placement.serviceCpuset ? ` ${placement.serviceCpuset}` : "";
  const seen = placement.seen;
  const figures = seen ? [`nproc ${seen.nproc ?? "?"}`, `online ${cpuCount(seen.onlineCpuList) ?? "?"}`] : [];
  return `${placement.view}${cores}${figures.length ? ` (${figures.join(", ")})` : ""}`;
}

/** How one container run (a repetition) ended. */
export const RepetitionStatus = z.enum([
  "ok",
  "oom", // OOMKilled, exit 137 or an engine oom event
  "crash", // non-zero exit, not OOM
  "timeout", // killed at the per-cell timeout
  "gc-thrash", // timed out while memory sat at the limit and the CPU was saturated
  "bad-output", // exited 0 but stdout was not one valid contract line
  "engine-lost", // the Docker engine went away
  // Not run (the host cannot honour the limits), or, in server mode, measured but the load generator may have been
  // the limit (its calibration on this host): the result is kept to read, never used for sizing.
  "exceeds-host",
  // Server mode, a fixed-shape workload: connections failed because the service's descriptor limit (axes.nofile)
  // is below what was asked for. A finding, like oom.
  "fd-limit",
  // The search finished, but the service or the host slowed while it ran (runner/execute/drift-verdict.ts): the
  // result is kept to read, never planned on.
  "drifted",
]);
export type RepetitionStatus = z.infer<typeof RepetitionStatus>;

/** What a cell is as a whole, from its repetitions. */
export const CellStatus = z.enum([
  ...RepetitionStatus.options,
  "unstable", // repetitions disagree in kind: never recommended
  // Server mode: the ceiling is over 10% below the largest memory's (same CPU, --smol, concurrency) and the CPU per
  // request rose: the runtime collects harder in less memory (results/memory-pressure.ts). Kept to read, never planned on.
  "memory-pressure",
]);
export type CellStatus = z.infer<typeof CellStatus>;

/** Defined with the Docker client that reads it; re-exported here for the record's readers. */
export { AppliedLimits };

export const DockerStats = z
  .object({
    peakMemoryBytes: z.number().nonnegative(),
    cpuSeconds: z.number().nonnegative(),
    throttledPeriods: z.number().int().nonnegative(),
    throttledSeconds: z.number().nonnegative(),
    samples: z.array(
      z.object({ elapsedMs: z.number(), memoryBytes: z.number(), cpuPercent: z.number() }).strict(),
    ),
  })
  .strict()
  .describe("sampled from the Docker stats API while the container ran");
export type DockerStats = z.infer<typeof DockerStats>;

export const Repetition = z
  .object({
    index: z.number().int().nonnegative(),
    status: RepetitionStatus,
    message: z.string().describe("one line a human reads: why it ended so"),
    exitCode: z.number().int().nullable(),
    wallSeconds: z.number().nonnegative(),
    result: BenchResult.nullable(),
    stderrTail: z.string(),
    rawStdout: z.string().nullable().describe("kept when the output was bad"),
    oomKilled: z.boolean(),
    oomEvent: z.boolean(),
    applied: AppliedLimits.nullable(),
    limitMismatches: z.array(z.string()).describe("applied or perceived limits that differ from the plan"),
    stats: DockerStats.nullable(),
    // Optional: files written before drivers and contention sampling existed have none of these.
    node: NodeFacts.nullable().optional().describe("where it ran"),
    hostOtherCpuCores: z
      .number()
      .nullable()
      .optional()
      .describe("host CPU busy outside the measured containers while it ran, in cores (null: not sampled)"),
    contended: z.boolean().optional().describe("other host load was high enough to disturb it (re-run once)"),
    // Server mode (optional: scenario-mode and older records have none).
    startupMs: z
      .number()
      .nonnegative()
      .nullable()
      .optional()
      .describe("server mode: container start to the first 2xx on readyPath (Cloud Run's cold start)"),
    hostProbe: HostProbe.nullable()
      .optional()
      .describe("the run's latest host probe when it started (at most a minute before); null: none taken"),
    sidecarCpuSeconds: z
      .record(z.string(), z.number().nonnegative())
      .nullable()
      .optional()
      .describe("server mode: CPU each sidecar used, by name; not counted in the service's size"),
    cpu: CpuPlacement.optional().describe(
      "its CPU view, cores and what the service saw (absent in older records)",
    ),
    concurrencySearch: ConcurrencySearchRecord.optional().describe(
      "server mode, first repetition: the ceiling at doubled concurrencies when the cap set it (absent otherwise)",
    ),
  })
  .strict();
export type Repetition = z.infer<typeof Repetition>;

/** Median and spread of one figure over a cell's repetitions. */
export const Spread = z
  .object({ median: z.number(), min: z.number(), max: z.number(), cv: z.number().describe("stddev / mean") })
  .strict();
export type Spread = z.infer<typeof Spread>;

export const CellSummary = z
  .object({
    ceilingPerSec: Spread.nullable(),
    throughputPerSec: Spread.nullable().describe(
      "delivered (or published when nothing is delivered) per second",
    ),
    p99LatencyMs: Spread.nullable(),
    peakMemoryBytes: Spread.nullable(),
    noisy: z.boolean().describe("a headline figure's CV is over 10%"),
    // Optional only so records written before adaptive repetitions still parse; sizing recomputes them anyway.
    repetitionsRun: z.number().int().nonnegative().optional().describe("repetitions actually run"),
    unconfirmedRepetitions: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe("repetitions whose search confirmed no ceiling (counted as 0/s)"),
    disagrees: z
      .boolean()
      .optional()
      .describe("ceiling CV over 5% after the repetition cap, or some repetitions confirmed none"),
    driftedRepetitions: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe("repetitions whose service or host slowed during the search: not planned on"),
  })
  .strict();
export type CellSummary = z.infer<typeof CellSummary>;

/** One file per finished cell under results/<run-id>/cells/<cell-id>.json. */
export const CellRecord = z
  .object({
    schemaVersion: z.literal(1),
    runId: z.string(),
    cell: Cell,
    status: CellStatus,
    message: z.string(),
    repetitions: z.array(Repetition),
    summary: CellSummary,
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime(),
  })
  .strict();
export type CellRecord = z.infer<typeof CellRecord>;

/** What one of a cell's rates counts, per second: "msg/s", "req/s", or a script's own (e.g. "publishes/s"). */
export const RateUnit = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,23}\/s$/, "a lower-case noun per second, e.g. req/s");
export type RateUnit = z.infer<typeof RateUnit>;

/**
 * The one place that decides a cell's rate unit, for the progress line and every report: in-container scenarios
 * count messages; server mode counts HTTP requests answered 2xx, unless the workload module declares a more telling
 * unit (`rateUnit: "publishes/s"`). A malformed declaration is ignored: requests are still what the generator paced.
 */
export function rateUnitOf(cell: Pick<Cell, "mode" | "service">): RateUnit {
  if (cell.mode !== "service") return "msg/s";
  const declared = RateUnit.safeParse(cell.service?.workload?.rateUnit);
  return declared.success ? declared.data : "req/s";
}

/** What a cell's latency percentiles time, each from the intended send time. */
export const LatencyKind = z.enum([
  "publish", // in-container: until the publish was accepted
  "end-to-end", // until each delivery to a subscriber (in-container endToEnd scenarios, server-mode e2e workloads)
  "request", // server mode: until the HTTP answer
]);
export type LatencyKind = z.infer<typeof LatencyKind>;

/**
 * The one place that decides which latency a cell's percentiles are: in-container, the scenario's SLO latency as its
 * results state it; server mode, the request's, unless its workload module declares `latency: "end-to-end"`.
 * null: an in-container cell with no result to tell.
 */
export function latencyKindOf(record: Pick<CellRecord, "cell" | "repetitions">): LatencyKind | null {
  const { cell } = record;
  if (cell.mode === "service")
    return cell.service?.workload?.latency === "end-to-end" ? "end-to-end" : "request";
  const result = record.repetitions.find((r) => r.result !== null)?.result;
  if (!result) return null;
  const kind =
    result.slo?.latency ?? (result.latency.endToEnd && !result.latency.publish ? "endToEnd" : "publish");
  return kind === "endToEnd" ? "end-to-end" : "publish";
}

/** A repetition's peak memory: the container's own cgroup reading, else the runner's stats, else the process's RSS. */
export function peakMemoryOf(rep: Repetition): number | null {
  return (
    rep.result?.resources.cgroupMemoryPeakBytes ??
    rep.stats?.peakMemoryBytes ??
    rep.result?.resources.peakRssBytes ??
    null
  );
}
