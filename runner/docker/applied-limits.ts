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

interface RawInspect {
  Config?: { User?: string };
  HostConfig?: {
    NanoCpus?: number;
    Memory?: number;
    MemorySwap?: number;
    ReadonlyRootfs?: boolean;
    CapDrop?: string[] | null;
    SecurityOpt?: string[] | null;
    PidsLimit?: number | null;
    NetworkMode?: string;
    CpusetCpus?: string;
  };
}

/** What Docker actually applied to a container, read from `docker inspect`. */
export function appliedLimitsFromInspect(raw: unknown): AppliedLimits {
  const inspect = raw as RawInspect;
  const host = inspect.HostConfig ?? {};
  return {
    nanoCpus: host.NanoCpus ?? 0,
    memoryBytes: host.Memory ?? 0,
    memorySwapBytes: host.MemorySwap ?? 0,
    readonlyRootfs: host.ReadonlyRootfs ?? false,
    capDrop: host.CapDrop ?? [],
    securityOpt: host.SecurityOpt ?? [],
    pidsLimit: host.PidsLimit ?? null,
    networkMode: host.NetworkMode ?? "",
    user: inspect.Config?.User ?? "",
    ...(host.CpusetCpus ? { cpusetCpus: host.CpusetCpus } : {}),
  };
}
