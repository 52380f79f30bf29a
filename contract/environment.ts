import { z } from "zod";
import { CgroupLimits } from "./cgroup-limits.ts";
import { nonNegative } from "./non-negative.ts";

export const Environment = z
  .object({
    runtime: z.string().describe("e.g. bun"),
    runtimeVersion: z.string(),
    smol: z.boolean(),
    bunOptions: z.string().nullable().describe("the BUN_OPTIONS environment variable"),
    execArgv: z.array(z.string()),
    cpuModel: z.string(),
    hostCores: z.number().int().positive(),
    hardwareConcurrency: z.number().int().positive().describe("navigator.hardwareConcurrency"),
    constrainedMemoryBytes: nonNegative.nullable().describe("process.constrainedMemory()"),
    cgroup: CgroupLimits,
    date: z.iso.datetime(),
    commit: z.string().nullable(),
  })
  .strict();
export type Environment = z.infer<typeof Environment>;
