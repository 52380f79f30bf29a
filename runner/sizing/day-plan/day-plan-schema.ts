import { z } from "zod";
import { ScalingDriver } from "../../cloudrun/autoscaler.ts";
import { MonthlyBill } from "../../cloudrun/billing.ts";
import { BillingMode } from "../../cloudrun/pricing.ts";

/** sizing.json's day plan: per size and for the recommendation. */
const usd = z
  .number()
  .nullable()
  .describe("null where Cloud Run (or cloudRun.billing) does not allow the mode");

export const DayPlanSize = z
  .object({
    size: z.string().describe('"1 vCPU / 512 MiB"'),
    cpus: z.number(),
    memoryBytes: z.number(),
    smol: z.boolean(),
    concurrency: z.number().int(),
    planningCeilingPerSec: z.number().describe("one instance's capacity for the service's mix"),
    startupMs: z
      .number()
      .nullable()
      .describe("the slowest measured start-up (median) of its cells; null: unmeasured"),
    instanceHoursPerDay: z.number(),
    peakInstances: z.number().int(),
    coldStartsPerDay: z.number(),
    coldStartExposedShare: z
      .number()
      .describe("share of requests arriving while demand exceeds ready capacity"),
    exposedRequestsPerDay: z.number(),
    exposedMinutesPerDay: z.number(),
    overloadMinutes: z.number().describe("minutes a day demand needs more than maxInstances"),
    shedShare: z
      .number()
      .describe("share of requests refused (429) after waiting the ~10 s queue above the running instances"),
    queuedShare: z.number().optional().describe("share of requests that waited in that queue"),
    driverMinutes: z
      .record(ScalingDriver, z.number())
      .optional()
      .describe("minutes a day each of Cloud Run's rules set the count"),
    peakDriver: ScalingDriver.optional().describe("the rule that sets the count at the peak"),
    monthlyCostUsd: z
      .object({ instance: usd, request: usd })
      .strict()
      .describe("the bill's total: with the free tier taken off when cloudRun.freeTier is on"),
    bills: z
      .object({ instance: MonthlyBill.nullable(), request: MonthlyBill.nullable() })
      .strict()
      .optional()
      .describe("each mode's bill, line by line"),
  })
  .strict();
export type DayPlanSize = z.infer<typeof DayPlanSize>;

export const DayPlan = z
  .object({
    source: z.string().describe("cloudRun.day or the --traffic CSV"),
    days: z.number().int().describe("the profile's period, which repeats"),
    requestsPerDay: z.number(),
    peakPerSec: z.number(),
    maxInstances: z.number().int().describe("the one --max-instances, the gcloud line's too"),
    idleMinutes: z.number().int(),
    maxColdStartExposure: z.number(),
    sizes: z.array(DayPlanSize),
    recommended: z
      .object({
        size: z.string(),
        billing: BillingMode,
        minInstances: z
          .number()
          .int()
          .describe("the smallest that keeps exposure within maxColdStartExposure"),
        monthlyCostUsd: z.number(),
        coldStartExposedShare: z.number(),
        withoutMinInstances: z
          .object({
            monthlyCostUsd: z.number(),
            coldStartExposedShare: z.number(),
            coldStartsPerDay: z.number(),
          })
          .strict()
          .describe("the same size and billing at min-instances 0"),
        extraMonthlyCostUsd: z.number().describe("what the min-instances add to the month"),
        bill: MonthlyBill.optional().describe("the recommended month, line by line"),
      })
      .strict()
      .nullable(),
    timeline: z
      .object({
        size: z.string(),
        minInstances: z.number().int(),
        stepMinutes: z.number().int(),
        demandPerSec: z.array(z.number()).describe("mean over each step"),
        readyCapacityPerSec: z
          .array(z.number())
          .describe("lowest over each step: ready instances × planning ceiling"),
        instances: z
          .array(z.number())
          .describe("highest over each step: running instances, idle and starting included"),
      })
      .strict()
      .nullable(),
    findings: z.array(z.string()),
    assumptions: z.array(z.string()),
  })
  .strict();
export type DayPlan = z.infer<typeof DayPlan>;
