import type { AppliedLimits } from "./applied-limits.ts";

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
