import { z } from "zod";
import { HostProbe } from "../../contract/host-probe.ts";
import { BenchResult } from "../../contract/result.ts";
import { AppliedLimits } from "../docker/applied-limits.ts";
import { Cell } from "../plan/cell.ts";
import { CpuPlacement } from "./cpu-placement.ts";
import { NodeFacts } from "./node-facts.ts";

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
