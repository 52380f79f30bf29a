import { z } from "zod";
import { CalibrationPoint } from "../../contract/generator-step.ts";
import { ScalingDriver } from "../cloudrun/autoscaler.ts";
import { BillingMode, UnitPrices } from "../cloudrun/pricing.ts";
import { CloudRunSettings } from "../config/cloud-run-settings.ts";
import { LatencyKind, RateUnit } from "../results/cell-record.ts";
import { CellSizing } from "./cell-sizing.ts";
import { DayPlan } from "./day-plan/day-plan-schema.ts";
import { HostSummary } from "./host-summary.ts";
import { MemoryAnswer } from "./memory-answer.ts";
import { ServiceRecommendation } from "./service-recommendation.ts";
import { VariantComparison } from "./variant-comparison.ts";

const nullableNumber = z.number().nullable();

export const Strategy = z.enum(["cheapest", "fastest", "balanced"]);
export type Strategy = z.infer<typeof Strategy>;

export const SizePick = z
  .object({
    strategy: Strategy,
    cellId: z.string(),
    cpus: z.number(),
    memoryBytes: z.number(),
    smol: z.boolean(),
    instances: z.number().int(),
    scalingDriver: ScalingDriver.optional().describe(
      "which of Cloud Run's rules sets `instances` (absent in older files)",
    ),
    maxInstances: z.number().int(),
    costPerHourUsd: z.number(),
    costPerMillionMessagesUsd: z.number(),
    p99AtCeilingMs: z.number(),
    ceilingPerSec: z.number().describe("median over repetitions"),
    noisy: z.boolean(),
    gcloud: z.string().describe("the deploy command with these flags"),
    // Optional only so sizing.json files of schemaVersion 1 still parse.
    planningCeilingPerSec: z.number().optional().describe("what the instance count stands on"),
    wide: z.boolean().optional().describe("the cell's repetitions spread over 5%: planned on the lowest"),
    concurrency: z.number().int().optional().describe("Cloud Run --concurrency"),
    billing: BillingMode.optional(),
    otherBillingCostPerHourUsd: nullableNumber
      .optional()
      .describe("the other billing mode's cost; null when Cloud Run does not allow it for this size"),
    repetitions: z.number().int().optional(),
    contendedRepetitions: z.number().int().optional().describe("of them, disturbed by other host load"),
    warnings: z.array(z.string()).optional().describe("what the verdict rests on that a reader should weigh"),
  })
  .strict();
export type SizePick = z.infer<typeof SizePick>;

export const ScenarioSizing = z
  .object({
    scenario: z.string(),
    sloP99Ms: z.number(),
    cells: z.array(CellSizing),
    picks: z
      .object({ cheapest: SizePick.nullable(), fastest: SizePick.nullable(), balanced: SizePick.nullable() })
      .strict(),
    recommendation: SizePick.nullable().describe("the default answer: the cheapest eligible size"),
    findings: z.array(z.string()).describe("plain statements a person should read"),
    variant: z.string().optional().describe("with variants: one section per scenario and variant"),
    rateUnit: RateUnit.optional().describe("its cells' rate unit (absent in older files)"),
    latencyKind: LatencyKind.nullable()
      .optional()
      .describe("its cells' latency kind (absent in older files)"),
  })
  .strict();
export type ScenarioSizing = z.infer<typeof ScenarioSizing>;

/** sizing.json: the whole answer for one run. */
/** The generator that drove server-mode cells, with its calibration against a trivial handler on this host. */
export const LoadGeneratorFacts = z
  .object({
    name: z.string(),
    version: z.string(),
    calibration: z.array(CalibrationPoint).nullable(),
  })
  .strict();
export type LoadGeneratorFacts = z.infer<typeof LoadGeneratorFacts>;

export const SizingReport = z
  .object({
    schemaVersion: z
      .union([z.literal(1), z.literal(2)])
      .describe("2: planning figures, both billing modes, serviceRecommendation"),
    runId: z.string(),
    generatedAt: z.iso.datetime(),
    toolVersion: z
      .string()
      .optional()
      .describe("the bun-capacity version that wrote this file (absent in older files)"),
    settings: CloudRunSettings,
    prices: z
      .union([z.object({ request: UnitPrices, instance: UnitPrices }).strict(), UnitPrices])
      .describe("unit prices of the settings' tier, per billing mode (schemaVersion 1: one mode's)"),
    pricesDated: z.string(),
    pricesSource: z.string(),
    assumptions: z.array(z.string()),
    serviceRecommendation: ServiceRecommendation.nullable()
      .optional()
      .describe("one size for the whole service at the target, its scenarios mixed by cloudRun.traffic"),
    serviceFindings: z
      .array(z.string())
      .optional()
      .describe("how the service answer was reached, or why none"),
    scenarios: z.array(ScenarioSizing),
    searchCost: z
      .object({
        searchSeconds: z.number(),
        exhaustiveSweepSeconds: z.number(),
        ratio: nullableNumber.describe("search ÷ exhaustive sweep; < 1 means the search saved time"),
      })
      .strict(),
    variantComparison: VariantComparison.optional().describe("two or more variants: A/B cell by cell"),
    loadGenerator: LoadGeneratorFacts.optional().describe(
      "server mode: the load generator and its own cost and tail per offered rate (its error budget)",
    ),
    host: HostSummary.optional().describe("the host and its probes (absent in older files)"),
    missingCellIds: z
      .array(z.string())
      .optional()
      .describe("planned cells with no record yet (an interrupted run): the picks cover only the others"),
    memoryAnswers: z
      .array(MemoryAnswer)
      .optional()
      .describe("axes.memory: search: the smallest memory that held, with and without --smol"),
    dayPlan: DayPlan.optional().describe(
      "a day's traffic (cloudRun.day or report --traffic) through the autoscaling model: instance-hours, cold starts, monthly bill",
    ),
  })
  .strict();
export type SizingReport = z.infer<typeof SizingReport>;
