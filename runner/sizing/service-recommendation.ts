import { z } from "zod";
import { DriverRates, ScalingDriver } from "../cloudrun/autoscaler.ts";
import { BillingMode } from "../cloudrun/pricing.ts";

/** One scenario's part in the service's mix at the recommended size. */
export const ServiceWorkload = z
  .object({
    scenario: z.string(),
    share: z.number().describe("its share of the service's requests (cloudRun.traffic, normalised)"),
    cellId: z.string(),
    planningCeilingPerSec: z.number(),
    wide: z.boolean(),
    repetitions: z.number().int(),
    contendedRepetitions: z.number().int(),
    cpuCoresAtCeiling: z.number().nullable(),
  })
  .strict();
export type ServiceWorkload = z.infer<typeof ServiceWorkload>;

/** sizing.json's answer for the whole service: one size, instance count, concurrency and bill at the target. */
export const ServiceRecommendation = z
  .object({
    cpus: z.number(),
    memoryBytes: z.number(),
    smol: z.boolean(),
    concurrency: z.number().int().describe("Cloud Run --concurrency, as the cells were measured"),
    instances: z.number().int(),
    scalingDriver: ScalingDriver.optional().describe(
      "which of Cloud Run's rules sets `instances` (absent in older files)",
    ),
    driverRates: DriverRates.optional().describe("one instance's rate at each driver's target, for the mix"),
    maxInstances: z
      .number()
      .int()
      .describe("the one --max-instances: cloudRun.maxInstances, else 100 (the day plan's too)"),
    targetPerSec: z.number(),
    egressBytesPerRequest: z.number().nullable().optional().describe("response bytes per request of the mix"),
    mixedCapacityPerSec: z
      .number()
      .describe("one instance's capacity for the mix: 1 ÷ Σ(share ÷ planning ceiling)"),
    billing: BillingMode.describe("the cheaper mode Cloud Run allows for this size"),
    costPerHourUsd: z.number(),
    otherBillingCostPerHourUsd: z.number().nullable().describe("null when Cloud Run allows only one mode"),
    gcloud: z.string(),
    scalingNote: z
      .string()
      .nullable()
      .optional()
      .describe("non-default scaling targets or manual scaling, as the service's YAML takes them"),
    workloads: z.array(ServiceWorkload),
    repetitions: z.number().int().describe("repetitions of the cells it rests on"),
    contendedRepetitions: z.number().int().describe("of them, disturbed by other load on the host"),
    warnings: z.array(z.string()),
    assumption: z.string().describe("what the mixed capacity assumes"),
  })
  .strict();
export type ServiceRecommendation = z.infer<typeof ServiceRecommendation>;
