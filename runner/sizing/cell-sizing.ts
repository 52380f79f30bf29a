import { z } from "zod";
import { DriverRates, ScalingDriver } from "../cloudrun/autoscaler.ts";
import { Deployability } from "../cloudrun/deployability.ts";
import { BillingMode } from "../cloudrun/pricing.ts";
import { ProbeConversion } from "../cloudrun/probe-conversion.ts";
import { CellStatus, CpuPlacement, LatencyKind, RateUnit, Spread } from "../results/cell-record.ts";
import { CellCalibration } from "./cell-calibration.ts";
import { ConcurrencyAnswer } from "./concurrency-answer.ts";
import { CurvePoint } from "./load-curve.ts";
import { CeilingSpread } from "./planning-ceiling.ts";

const nullableNumber = z.number().nullable();

export const SmolDelta = z
  .object({
    baselineCellId: z.string().describe("the same cell without --smol"),
    ceilingPct: nullableNumber.describe("(smol − default) ÷ default × 100"),
    p99Pct: nullableNumber,
    peakMemoryPct: nullableNumber,
    probeGap: z
      .string()
      .nullable()
      .optional()
      .describe("the two cells were measured more than 10% apart in host probe (absent in older files)"),
  })
  .strict();
export type SmolDelta = z.infer<typeof SmolDelta>;

export const OomRisk = z.enum(["low", "medium", "high", "unknown"]);
export type OomRisk = z.infer<typeof OomRisk>;

/** Headroom below which a cell is never recommended. */
export const MIN_HEADROOM = 0.2;
const HIGH_RISK_HEADROOM = 0.1;
const MEDIUM_RISK_HEADROOM = 0.3;

/** Everything the sizing decided about one cell. */
export const CellSizing = z
  .object({
    cellId: z.string(),
    scenario: z.string(),
    cpus: z.number(),
    memoryBytes: z.number(),
    smol: z.boolean(),
    status: CellStatus,
    message: z.string(),
    exceedsHost: z.string().nullable(),
    repetitions: z
      .number()
      .int()
      .describe("repetitions actually run (adaptive: more while the ceilings disagree)"),
    okRepetitions: z.number().int(),
    sloP99Ms: z.number(),
    ceilingPerSec: Spread.nullable().describe(
      "median and spread over repetitions; an unconfirmed one counts as 0",
    ),
    // Optional only so sizing.json files of schemaVersion 1 still parse.
    planningCeilingPerSec: nullableNumber
      .optional()
      .describe(
        "what instances and cost stand on: the median when repetitions agree, else the lowest confirmed",
      ),
    localPlanningCeilingPerSec: nullableNumber
      .optional()
      .describe(
        "with a Cloud Run calibration or a probe conversion: this host's planning ceiling before it; absent: neither applied",
      ),
    calibration: CellCalibration.optional().describe(
      "the Cloud Run calibration planningCeilingPerSec was scaled by; absent: planned on local figures",
    ),
    probeConversion: ProbeConversion.optional().describe(
      "cloudRun.targetProbe: converted by probe (CPU-bound) or left as measured, and why; absent: no targetProbe",
    ),
    spread: CeilingSpread.nullable()
      .optional()
      .describe("the repetitions' spread beside the planning figure"),
    probeComposite: nullableNumber
      .optional()
      .describe("the host probe its repetitions were measured at (median composite); null: no probe"),
    planningCeilingPerProbeUnit: nullableNumber
      .optional()
      .describe("planningCeilingPerSec ÷ probeComposite: the ceiling on the reference host's speed"),
    noisy: z.boolean(),
    // Optional only so sizing.json files written before these fields still parse.
    unconfirmedRepetitions: z.number().int().optional(),
    disagrees: z
      .boolean()
      .optional()
      .describe(
        "ceiling CV over 5% or some repetitions unconfirmed: wide (spread.wide), planned on its lowest",
      ),
    cpuCoresAtCeiling: nullableNumber
      .optional()
      .describe("CPU cores busy at the ceiling (median over repetitions)"),
    cpuEvidence: z
      .enum(["step", "docker-stats"])
      .nullable()
      .optional()
      .describe("where cpuCoresAtCeiling came from"),
    cpuQuotaShareAtCeiling: nullableNumber
      .optional()
      .describe("cpuCoresAtCeiling ÷ the cell's vCPU limit: 1 is the whole quota"),
    p50AtCeilingMs: nullableNumber,
    p95AtCeilingMs: nullableNumber,
    p99AtCeilingMs: nullableNumber,
    sloMet: z.boolean(),
    peakMemoryBytes: nullableNumber,
    memoryHeadroom: nullableNumber.describe("1 − peak ÷ limit"),
    throttledSeconds: nullableNumber,
    oomRepetitions: z.number().int(),
    gcThrashRepetitions: z.number().int(),
    contendedRepetitions: z
      .number()
      .int()
      .optional()
      .describe("repetitions other load on the host still disturbed after their re-run"),
    driftedRepetitions: z
      .number()
      .int()
      .optional()
      .describe("repetitions whose service or host slowed during the search: set aside, never planned on"),
    oomRisk: OomRisk,
    deployability: Deployability,
    instances: z.number().int().nullable(),
    // Issue 42 (optional: absent in older reports).
    scalingDriver: ScalingDriver.nullable()
      .optional()
      .describe(
        "which of Cloud Run's rules sets `instances` at the target: cpu, concurrency, ceiling or manual",
      ),
    driverRates: DriverRates.nullable().optional().describe("one instance's rate at each driver's target"),
    loadCurve: z
      .array(CurvePoint)
      .optional()
      .describe("latency against load: every search step of its ok repetitions"),
    egressBytesPerRequest: nullableNumber
      .optional()
      .describe("response bytes per request; null: not counted"),
    concurrencySearch: ConcurrencyAnswer.optional().describe(
      "when the cap set the ceiling: the ceiling at doubled concurrencies and the --concurrency to set (measured)",
    ),
    fits: z.boolean(),
    costPerHourUsd: nullableNumber.describe("under `billing`, at the target"),
    costPerMillionMessagesUsd: nullableNumber,
    billing: BillingMode.optional().describe("the cheaper billing mode Cloud Run allows for this size"),
    costPerHourUsdByBilling: z
      .object({ request: nullableNumber, instance: nullableNumber })
      .strict()
      .optional()
      .describe("both modes priced; null where Cloud Run (or cloudRun.billing) does not allow it"),
    smolDelta: SmolDelta.nullable(),
    eligible: z.boolean(),
    ineligibleReasons: z.array(z.string()),
    searchSeconds: z.number(),
    exhaustiveSweepSeconds: z.number(),
    // matrix.yaml variants (absent without them).
    variant: z.string().optional().describe("the build of the workload"),
    bunVersion: z.string().nullable().optional().describe("Bun inside its containers"),
    // Server mode (optional: absent in scenario mode and older reports).
    concurrency: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe("the Cloud Run --concurrency it was measured with"),
    startupMs: Spread.nullable().optional().describe("container start to the first 2xx on readyPath"),
    // Optional only so sizing.json files written before them still parse.
    rateUnit: RateUnit.optional().describe(
      "what ceilingPerSec counts: msg/s, req/s or the script's own unit",
    ),
    latencyKind: LatencyKind.nullable()
      .optional()
      .describe("what the p50/p95/p99 time: publish, end-to-end (to each delivery) or request"),
    cpu: CpuPlacement.nullable()
      .optional()
      .describe(
        "the CPU view and cores of its last repetition, and what the service saw (absent in older runs)",
      ),
  })
  .strict();
export type CellSizing = z.infer<typeof CellSizing>;

/** 1 − peak ÷ limit; null when the peak is unknown. */
export function memoryHeadroom(peakBytes: number | null, limitBytes: number): number | null {
  return peakBytes === null || limitBytes <= 0 ? null : 1 - peakBytes / limitBytes;
}

/** High on any OOM or GC-thrash repetition or under 10% headroom; medium under 30%; else low. */
export function oomRisk(headroom: number | null, oomOrThrashRepetitions: number): OomRisk {
  if (oomOrThrashRepetitions > 0) return "high";
  if (headroom === null) return "unknown";
  if (headroom < HIGH_RISK_HEADROOM) return "high";
  if (headroom < MEDIUM_RISK_HEADROOM) return "medium";
  return "low";
}
