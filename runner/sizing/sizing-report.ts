import { z } from "zod";
import { BillingMode } from "../config/cloud-run/billing-mode.ts";
import { UnitPrices } from "../config/cloud-run/cloud-run-prices.ts";
import { CloudRunSettings } from "../config/cloud-run/cloud-run-settings.ts";
import { CellStatus, Spread } from "../results/cell-record.ts";
import { LatencyKind } from "../results/latency-kind.ts";
import { RateUnit } from "../results/rate-unit.ts";
import { CeilingSpread } from "./ceiling-spread.ts";
import { Deployability } from "./deployability.ts";
import { OomRisk } from "./oom-risk.ts";
import { ServiceRecommendation } from "./service-recommendation.ts";
import { VariantComparison } from "./variants/comparison-row.ts";

const nullableNumber = z.number().nullable();

export const SmolDelta = z
  .object({
    baselineCellId: z.string().describe("the same cell without --smol"),
    ceilingPct: nullableNumber.describe("(smol − default) ÷ default × 100"),
    p99Pct: nullableNumber,
    peakMemoryPct: nullableNumber,
  })
  .strict();
export type SmolDelta = z.infer<typeof SmolDelta>;

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
    spread: CeilingSpread.nullable()
      .optional()
      .describe("the repetitions' spread beside the planning figure"),
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
    oomRisk: OomRisk,
    deployability: Deployability,
    instances: z.number().int().nullable(),
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
  })
  .strict();
export type CellSizing = z.infer<typeof CellSizing>;

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
export const SizingReport = z
  .object({
    schemaVersion: z
      .union([z.literal(1), z.literal(2)])
      .describe("2: planning figures, both billing modes, serviceRecommendation"),
    runId: z.string(),
    generatedAt: z.iso.datetime(),
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
    missingCellIds: z
      .array(z.string())
      .optional()
      .describe("planned cells with no record yet (an interrupted run): the picks cover only the others"),
  })
  .strict();
export type SizingReport = z.infer<typeof SizingReport>;
