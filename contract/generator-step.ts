import { z } from "zod";
import { LatencyPercentiles } from "./result.ts";
import { StepCauses } from "./step-causes.ts";

const count = z.number().int().nonnegative();
const ms = z.number().finite().nonnegative();

/** One HTTP request shape of a server-mode scenario; a weighted list makes a mix. */
export const RequestShape = z
  .object({
    weight: z.number().positive(),
    method: z.string().min(1),
    path: z.string().startsWith("/"),
    headers: z.record(z.string(), z.string()),
    body: z.string().nullable(),
    /** The statuses that succeed; absent or null: 200–399. */
    expect: z
      .object({ status: z.array(z.number().int().min(100).max(599)).min(1) })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();
export type RequestShape = z.infer<typeof RequestShape>;

/**
 * What the runner asks the generator (generator/main.ts) for one step: fully resolved, bounded in count and time.
 * A local cell's service is always 127.0.0.1:port in the generator's (shared) network namespace; only `calibrate`
 * sets `host` and `tls` (a deployed revision's URL).
 */
export const GeneratorStepConfig = z
  .object({
    kind: z.enum(["open", "closed"]),
    /** open: intended arrivals per second; closed: null. */
    ratePerSec: z.number().positive().nullable(),
    /** Most operations in flight at once (Cloud Run's --concurrency); the rest queue at the generator. */
    concurrency: z.number().int().positive(),
    durationMs: z.number().int().positive(),
    sloP99Ms: z.number().positive(),
    /** open: completions between these ms after the start count towards achieved (search/step-verdict.ts). */
    rateFromMs: ms.nullable(),
    rateToMs: ms.nullable(),
    /** How long queued operations may still start after the send window before they count as dropped. */
    drainMs: ms,
    /** An operation slower than this is a timeout: an error. */
    timeoutMs: z.number().positive(),
    /** open: rate x duration operations, each with its intended send time; closed: null. */
    plannedRequests: count.nullable(),
    port: z.number().int().min(1).max(65535),
    /** Absent: 127.0.0.1 (every local cell). `calibrate` only: the revision's host name. */
    host: z.string().min(1).optional(),
    /** Absent or null: plain TCP. `calibrate` only: TLS, insecure accepting a self-signed loopback stand-in. */
    tls: z.object({ insecure: z.boolean() }).strict().nullable().optional(),
    /** `calibrate --instance-header` only: the response header whose distinct values (instance ids) the step counts. */
    watchHeader: z
      .string()
      .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/)
      .nullable()
      .optional(),
    /** The request mix (used when no workload module is named). */
    requests: z.array(RequestShape),
    /** A workload module: a path inside the generator image, or "-" for one written on stdin. null: the mix. */
    workload: z.string().min(1).nullable(),
    /** The scenario's flags, checked against the workload module's declared flags. */
    flags: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    /** Worker threads, each taking rate / workers and concurrency / workers; their histograms are merged. */
    workers: z.number().int().positive(),
  })
  .strict();
export type GeneratorStepConfig = z.infer<typeof GeneratorStepConfig>;

/** The most distinct values of a watched header a step keeps: more than one already says "several instances". */
export const MAX_WATCHED_VALUES = 64;

/** The environment variable `calibrate` passes its auth headers in (never argv, never a file): JSON, name -> value. */
export const SECRET_HEADERS_ENV = "BC_SECRET_HEADERS";

/**
 * Session mode (`bun generator/main.ts --session`): one generator runs step after step, each fed as one JSON line
 * on stdin. A `workload` frame (a user's module source, for steps whose workload is "-") comes before the steps.
 */
export const SessionFrame = z.discriminatedUnion("bcFrame", [
  z.object({ bcFrame: z.literal("workload"), source: z.string() }).strict(),
  z.object({ bcFrame: z.literal("step"), config: z.unknown() }).strict(),
]);
export type SessionFrame = z.infer<typeof SessionFrame>;

/** The line that ends each step's output in session mode; a step that failed ends the session with its exit code. */
export const SessionStepEnd = z
  .object({
    bcStepEnd: z.literal(1),
    /** What a one-step run would have exited with: 0, 1 (a crash) or 2 (bad input). */
    exitCode: z.number().int().min(0),
    /** The process's CPU from the step's frame to this line, every worker included (a one-step container's total, less its start-up). */
    cpuSeconds: ms,
  })
  .strict();
export type SessionStepEnd = z.infer<typeof SessionStepEnd>;

/** The generator's view of its own punctuality during the step (it, not the service, may be the limit). */
export const GeneratorSelf = z
  .object({
    /** How late operations left beyond their intended time, excluding any wait for a concurrency slot. */
    sendLagP50Ms: ms,
    sendLagP99Ms: ms,
    sendLagMaxMs: ms,
    /** From a completion to the next send that it freed a slot for (in series with the service at low concurrency); null: none measured. */
    turnaroundMeanMs: ms.nullable(),
    /** The mean time from an operation's send to its completion (the request cycle, less the turnaround). */
    serviceMeanMs: ms.nullable(),
    /** The generator process's own CPU (user + system) during the step, over all its workers. */
    cpuSeconds: ms,
    workers: z.number().int().positive(),
  })
  .strict();
export type GeneratorSelf = z.infer<typeof GeneratorSelf>;

/** The one line a paced step prints (`bcStepSummary`), the runner turns it into a contract LoadStep. */
export const GeneratorStepSummary = z
  .object({
    bcStepSummary: z.literal(2),
    kind: z.enum(["open", "closed"]),
    plannedRequests: count.nullable(),
    started: count,
    completed: count,
    /** open: completions inside the step's rate window; closed: null. */
    completedInWindow: count.nullable(),
    errors: count,
    /** Started more than LATE_MS after their intended time (slot waits included). */
    late: count,
    lastSendMs: ms,
    lastDoneMs: ms,
    latency: LatencyPercentiles,
    /** Answers by status class, failures by cause, retries. */
    causes: StepCauses,
    /** HTTP/1.1 bytes the generator wrote (requests) and read (responses) in the step; null: not counted. */
    requestBytes: count.nullable().optional(),
    responseBytes: count.nullable().optional(),
    /** With watchHeader: the distinct values it carried (at most MAX_WATCHED_VALUES); absent: not watched. */
    headerValues: z.array(z.string().max(256)).max(64).optional(),
    self: GeneratorSelf,
  })
  .strict();
export type GeneratorStepSummary = z.infer<typeof GeneratorStepSummary>;

/** A series over a fixed-shape run: [ms since window.startMs, value] pairs, the unit in its name; bounded. */
export const MAX_TIMELINE_POINTS = 500;
export const FixedTimeline = z
  .array(z.tuple([z.number().finite().nonnegative(), z.number().finite()]))
  .max(MAX_TIMELINE_POINTS);
export type FixedTimeline = z.infer<typeof FixedTimeline>;
export const FixedTimelines = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/), FixedTimeline);
export type FixedTimelines = z.infer<typeof FixedTimelines>;

/**
 * The line a fixed-shape workload (connection storm, backlog and drain, abrupt disconnect) prints: its figures
 * with units in their names, how many operations failed, and the epoch-ms window the runner reads Docker stats in.
 */
export const FixedSummary = z
  .object({
    bcFixedSummary: z.literal(1),
    workload: z.string().min(1),
    figures: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/), z.number().finite()),
    failures: count,
    /** Connections the workload asked for (a storm), so a descriptor limit below it can be named; else null. */
    connectionsRequested: count.nullable(),
    window: z.object({ startMs: ms, holdStartMs: ms.nullable(), holdEndMs: ms.nullable() }).strict(),
    timelines: FixedTimelines.optional(),
  })
  .strict();
export type FixedSummary = z.infer<typeof FixedSummary>;

/** What `bun generator/describe.ts <module>` prints: what a workload module declares, for checks before any container. */
export const WorkloadDescription = z
  .object({
    shape: z.enum(["paced", "fixed"]),
    rateUnit: z.string().min(1).nullable(),
    latency: z.enum(["request", "end-to-end"]),
    /** JSON Schema of each declared flag (zod's toJSONSchema), by kebab-case name. */
    flags: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .strict();
export type WorkloadDescription = z.infer<typeof WorkloadDescription>;

/** The generator against a trivial handler at one offered rate: its own cost and its own tail (its error budget). */
export const CalibrationPoint = z
  .object({
    offeredPerSec: z.number().finite().nonnegative(),
    achievedPerSec: z.number().finite().nonnegative(),
    droppedRequests: z.number().int().nonnegative(),
    generatorCpuMicrosPerRequest: z.number().finite().nonnegative(),
    p99Ms: z
      .number()
      .finite()
      .nonnegative()
      .describe("latency against the trivial handler: the generator's own tail"),
    sendLagP99Ms: z.number().finite().nonnegative(),
    serviceCpuCores: z.number().nonnegative().nullable(),
  })
  .strict();
export type CalibrationPoint = z.infer<typeof CalibrationPoint>;
