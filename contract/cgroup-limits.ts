import { z } from "zod";
import { nonNegative } from "./non-negative.ts";

export const CgroupLimits = z
  .object({
    version: z.union([z.literal(1), z.literal(2)]).nullable(),
    memoryLimitBytes: nonNegative.nullable().describe("null when unlimited"),
    cpuQuotaMicros: z.number().int().nullable().describe("null when unlimited"),
    cpuPeriodMicros: z.number().int().positive().nullable(),
    cpuLimitCores: nonNegative.nullable().describe("quota / period"),
  })
  .strict();
export type CgroupLimits = z.infer<typeof CgroupLimits>;
