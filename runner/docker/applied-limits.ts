import { z } from "zod";

/** What Docker applied to a container, read back from inspect (stored in each repetition of a cell record). */
export const AppliedLimits = z
  .object({
    nanoCpus: z.number().int().nonnegative(),
    memoryBytes: z.number().int().nonnegative(),
    memorySwapBytes: z.number().int(),
    readonlyRootfs: z.boolean(),
    capDrop: z.array(z.string()),
    securityOpt: z.array(z.string()),
    pidsLimit: z.number().int().nullable(),
    networkMode: z.string(),
    user: z.string(),
    cpusetCpus: z
      .string()
      .optional()
      .describe("the host cores it was pinned to (CpusetCpus); empty: any core; absent in older records"),
  })
  .strict()
  .describe("what Docker actually applied, from inspect");
export type AppliedLimits = z.infer<typeof AppliedLimits>;
