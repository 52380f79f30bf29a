import { z } from "zod";
import { ScalingSetting } from "../cloudrun/autoscaler.ts";
import { DEFAULT_EGRESS_USD_PER_GIB } from "../cloudrun/billing.ts";
import { CLOUD_RUN_LIMITS, MAX_TARGET_PER_SEC } from "../cloudrun/cloud-run-limits.ts";
import { BillingSetting, UnitPrices } from "../cloudrun/pricing.ts";
import { DaySchedule } from "./traffic-profile.ts";

const partialPrices = UnitPrices.partial();
const tierPrices = z
  .object({ request: partialPrices.optional(), instance: partialPrices.optional() })
  .strict();

/**
 * The `cloudRun:` section of matrix.yaml: what load to size for and how the service is billed.
 * Every field has a default, so `cloudRun: {}` (or no section) is valid.
 */
export const CloudRunSettings = z
  .object({
    targetPerSec: z
      .number()
      .positive()
      .max(MAX_TARGET_PER_SEC, `expected at most ${MAX_TARGET_PER_SEC.toLocaleString("en-US")} per second`)
      .default(10_000)
      .describe("peak load to size for, messages per second"),
    sloP99Ms: z
      .number()
      .positive()
      .optional()
      .describe("p99 latency SLO; overrides each cell's SLO and recomputes ceilings from the load steps"),
    utilizationTarget: z
      .number()
      .gt(0)
      .max(1)
      .default(0.6)
      .describe(
        "share of a ceiling an instance runs at where no CPU was measured per step, and in check's capacity",
      ),
    scaling: ScalingSetting.describe(
      "Cloud Run's autoscaler: { cpuTarget, concurrencyTarget } (defaults 0.6, 0.6) or { manual: N } instances",
    ),
    egressUsdPerGiB: z
      .number()
      .min(0)
      .max(10)
      .default(DEFAULT_EGRESS_USD_PER_GIB)
      .describe("internet egress price per GiB of response bytes; 0 leaves egress out"),
    freeTier: z
      .boolean()
      .default(false)
      .describe("take Cloud Run's monthly free tier off the bill (one service using the whole allowance)"),
    minInstances: z.number().int().nonnegative().default(0),
    maxInstances: z.number().int().positive().optional().describe("cap; a size needing more does not fit"),
    regionTier: z.union([z.literal(1), z.literal(2)]).default(1),
    billing: BillingSetting.default("auto").describe(
      "auto: price request- and instance-based billing and recommend the cheaper; request or instance: pin it",
    ),
    concurrency: z
      .number()
      .int()
      .min(CLOUD_RUN_LIMITS.minConcurrency)
      .max(CLOUD_RUN_LIMITS.maxConcurrency)
      .default(CLOUD_RUN_LIMITS.defaultConcurrency)
      .describe("max concurrent requests per instance"),
    balancedCostWeight: z
      .number()
      .min(0)
      .max(1)
      .default(0.5)
      .describe("balanced strategy: weight of normalised cost; latency gets 1 - weight"),
    prices: z
      .object({ tier1: tierPrices.optional(), tier2: tierPrices.optional() })
      .strict()
      .optional()
      .describe("override any unit price, USD"),
    targetProbe: z
      .object({
        composite: z.number().finite().positive().describe("the host probe's composite on a Cloud Run job"),
        executionEnvironment: z.enum(["gen1", "gen2"], { error: "expected gen1 or gen2" }),
      })
      .strict()
      .optional()
      .describe(
        "the probe run as a Cloud Run job (probe --cloud-run): CPU-bound cells are converted by its ratio to this run's probe",
      ),
    day: DaySchedule.optional().describe(
      'a day\'s traffic for the day plan: [{ at: "HH:MM", perSec }], linear between points, wrapping midnight',
    ),
    idleMinutes: z
      .number()
      .int()
      .min(0)
      .max(1440)
      .default(15)
      .describe("day plan: minutes an instance no longer needed stays up (idle) before it stops"),
    maxColdStartExposure: z
      .number()
      .min(0)
      .max(1)
      .default(0.001)
      .describe("day plan: the share of requests that may arrive while a scale-up is still starting"),
    traffic: z
      .record(z.string(), z.number().positive())
      .optional()
      .describe(
        "share of the service's requests per scenario, e.g. {ping: 0.8, json: 0.2}; default an equal split",
      ),
  })
  .strict()
  .refine(
    (settings) => settings.maxInstances === undefined || settings.minInstances <= settings.maxInstances,
    {
      path: ["minInstances"],
      error: (issue) => {
        const { minInstances, maxInstances } = issue.input as { minInstances: number; maxInstances: number };
        return `minInstances ${minInstances} is more than maxInstances ${maxInstances}; Cloud Run keeps at most maxInstances running, so lower minInstances or raise maxInstances`;
      },
    },
  );
export type CloudRunSettings = z.infer<typeof CloudRunSettings>;
export type CloudRunSettingsInput = z.input<typeof CloudRunSettings>;
