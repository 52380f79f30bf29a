import { z } from "zod";
import { Environment } from "./environment.ts";
import { nonNegative } from "./non-negative.ts";
import { Resources } from "./resources.ts";
import { StepCauses } from "./step-causes.ts";

/** The version of the line a bench container prints; bump it on any breaking change. */
export const RESULT_SCHEMA_VERSION = 1;

export const LatencyPercentiles = z
  .object({
    count: z.number().int().nonnegative().describe("samples recorded"),
    p50Ms: nonNegative,
    p90Ms: nonNegative,
    p95Ms: nonNegative,
    p99Ms: nonNegative,
    p999Ms: nonNegative,
    maxMs: nonNegative,
  })
  .strict()
  .describe("Latency percentiles in milliseconds, from an HDR histogram");
export type LatencyPercentiles = z.infer<typeof LatencyPercentiles>;

export const Throughput = z
  .object({
    publishedPerSec: nonNegative,
    deliveredPerSec: nonNegative,
    ackedPerSec: nonNegative,
  })
  .strict();

export const Counts = z
  .object({
    published: z.number().int().nonnegative(),
    delivered: z.number().int().nonnegative(),
    acked: z.number().int().nonnegative(),
    redelivered: z.number().int().nonnegative(),
    lost: z.number().int().nonnegative().describe("published but never delivered by the end of the run"),
    errors: z.number().int().nonnegative(),
  })
  .strict();
export type Counts = z.infer<typeof Counts>;

export const EventLoopLag = z
  .object({ p50Ms: nonNegative, p99Ms: nonNegative, maxMs: nonNegative })
  .strict()
  .describe("how late a periodic timer fired: a saturated event loop shows here first");

export const Slo = z
  .object({
    p99LatencyMs: z.number().positive(),
    latency: z.enum(["publish", "endToEnd"]).describe("which latency the SLO applies to"),
    met: z.boolean(),
  })
  .strict();
export type Slo = z.infer<typeof Slo>;

export const StepPhase = z.enum(["probe", "bracket", "bisect", "confirm", "fixed"]);
export const LoadStep = z
  .object({
    phase: StepPhase,
    offeredPerSec: nonNegative,
    achievedPerSec: nonNegative,
    durationMs: nonNegative,
    latency: LatencyPercentiles.describe("measured from each message's intended send time"),
    errors: z.number().int().nonnegative(),
    lost: z.number().int().nonnegative(),
    // Added within v1: optional on input so stored v1 files still parse; the defaults are what they meant then.
    dropped: z
      .number()
      .int()
      .nonnegative()
      .default(0)
      .describe(
        "operations the generator could not start on time (a load generator's dropped iterations); counted against the step. Absent in older v1 files, whose generators never dropped: 0",
      ),
    processCpuSeconds: nonNegative
      .nullable()
      .default(null)
      .describe(
        "CPU the measured process (or service container) used during the step; null when not measured",
      ),
    generatorCpuSeconds: nonNegative
      .nullable()
      .default(null)
      .describe(
        "what the load generator itself cost during the step: in-container, the seconds the harness's pacing ran on the workload's JS thread (its CPU share there); in server mode, the generator's own CPU seconds; null when not measured",
      ),
    // Added within v1 (server mode's own generator): absent or null where not measured, as in older files.
    generatorSendLagP99Ms: nonNegative
      .nullable()
      .optional()
      .describe(
        "p99 of how late the generator sent operations beyond their intended time and any wait for a concurrency slot: the generator's own lateness",
      ),
    generatorTurnaroundMeanMs: nonNegative
      .nullable()
      .optional()
      .describe(
        "mean time from a completion to the send it freed a slot for: the generator's part of each request cycle at low concurrency",
      ),
    operationMeanMs: nonNegative
      .nullable()
      .optional()
      .describe("mean time from an operation's send to its completion (the service's part of the cycle)"),
    hostOtherCpuCores: nonNegative
      .nullable()
      .optional()
      .describe("host CPU busy outside the service and the generator during the step, in cores"),
    // Added within v1 (issue 31): absent or null in older files and where a driver does not count them.
    causes: StepCauses.nullable()
      .optional()
      .describe(
        "answers by status class, failures by cause (timeout, reset, refused, closedBeforeResponse, protocolError, headTooLarge, bodyTooLarge, other; an unexpected status by its code) and retried requests",
      ),
    // Added within v1 (issue 42): absent or null in older files and where the generator does not count them.
    requestBytes: nonNegative
      .nullable()
      .optional()
      .describe("bytes the generator sent during the step: request lines, headers and bodies"),
    responseBytes: nonNegative
      .nullable()
      .optional()
      .describe("bytes the service sent back during the step: status lines, headers and bodies (egress)"),
    sloMet: z.boolean(),
  })
  .strict();
export type LoadStep = z.infer<typeof LoadStep>;

export const Ceiling = z
  .object({
    ceilingPerSec: nonNegative
      .nullable()
      .describe(
        "min(offered, achieved) of the confirming step: the highest rate that met the SLO and was delivered; null when none did",
      ),
    kneePerSec: nonNegative.nullable().describe("where p99 turns from linear to exponential growth"),
    closedLoopMaxPerSec: nonNegative.describe("the closed-loop probe's estimate of the maximum"),
    resolution: z.number().positive().describe("relative width of the final bracket, e.g. 0.05"),
    searchSeconds: nonNegative.describe("time spent in load steps"),
    exhaustiveSweepSeconds: nonNegative.describe(
      "what a linear sweep at the same resolution would have cost (search/exhaustive-sweep-seconds.ts)",
    ),
  })
  .strict();
export type Ceiling = z.infer<typeof Ceiling>;

export const BenchResult = z
  .object({
    schemaVersion: z.literal(RESULT_SCHEMA_VERSION),
    scenario: z.string().min(1),
    parameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    durationMs: nonNegative.describe("measured phase, warm-up excluded"),
    warmupMs: nonNegative,
    throughput: Throughput,
    latency: z
      .object({ publish: LatencyPercentiles.nullable(), endToEnd: LatencyPercentiles.nullable() })
      .strict(),
    counts: Counts,
    resources: Resources,
    eventLoopLag: EventLoopLag,
    slo: Slo.nullable(),
    steps: z.array(LoadStep).describe("one entry per load step; empty for closed-loop runs"),
    ceiling: Ceiling.nullable(),
    environment: Environment,
    notes: z.array(z.string()).describe("anything the scenario wants a human to read"),
  })
  .strict();
export type BenchResult = z.infer<typeof BenchResult>;
