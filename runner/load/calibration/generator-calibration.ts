import { z } from "zod";

const perSec = z.number().finite().nonnegative();

/** What one host's generator can drive against a trivial handler; requests/s throughout. */
export const GeneratorCalibration = z
  .object({
    version: z.literal(1),
    host: z.string(),
    generator: z.string(),
    generatorVersion: z.string(),
    imageHash: z.string(),
    measuredAt: z.string(),
    hostCores: z.number().int().positive(),
    concurrency: z.number().int().positive(),
    stepMs: z.number().int().positive(),
    closedLoopMaxPerSec: perSec.describe("closed loop, `concurrency` in flight: the generator's raw maximum"),
    openLoopOfferedPerSec: perSec,
    openLoopAchievedPerSec: perSec.describe(
      "the highest open-loop step (of 50/75/90/100% of the closed maximum) kept up: nothing dropped, >= 95% achieved",
    ),
    maxRatePerSec: perSec.describe(
      "the rate the generator can be trusted to drive: the open loop's achieved rate",
    ),
    cpuSecondsPer1000: z
      .number()
      .finite()
      .nonnegative()
      .describe("generator CPU-seconds per 1,000 requests, open loop"),
    closedLoopServiceCpuCores: z
      .number()
      .nonnegative()
      .nullable()
      .optional()
      .describe("the trivial service's CPUs during the closed loop (unlimited: it must not be the limit)"),
    serviceCpuCores: z
      .number()
      .nonnegative()
      .nullable()
      .optional()
      .describe("the trivial service's CPUs at the open-loop maximum; absent in older files"),
    p99MsAtMax: z
      .number()
      .nonnegative()
      .nullable()
      .optional()
      .describe("p99 latency against the trivial handler at the open-loop maximum: the generator's own tail"),
  })
  .strict();
export type GeneratorCalibration = z.infer<typeof GeneratorCalibration>;
