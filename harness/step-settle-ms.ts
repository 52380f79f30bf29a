import type { CgroupLimits } from "../contract/cgroup-limits.ts";

/** The CFS period the kernel uses when the cgroup does not say (cpu.cfs_period_us default). */
export const DEFAULT_CFS_PERIOD_MS = 100;
/** Idle this many CFS periods after the forced GC before a step starts. */
export const SETTLE_CFS_PERIODS = 1.5;

/**
 * How long a step waits after the forced GC that precedes it. Under a CPU quota the GC can use up the current
 * CFS period's quota, and a step started then opens with a throttle its workload did not cause (measured at
 * 0.5 vCPU: the first step after the probe failed 19 of 21 times without the wait, 9 of 24 with it). Idling past
 * a period boundary starts the step with a full quota. No quota, no throttle: no wait.
 */
export function stepSettleMs(cgroup: Pick<CgroupLimits, "cpuQuotaMicros" | "cpuPeriodMicros">): number {
  if (cgroup.cpuQuotaMicros === null) return 0;
  const periodMs = cgroup.cpuPeriodMicros === null ? DEFAULT_CFS_PERIOD_MS : cgroup.cpuPeriodMicros / 1000;
  return SETTLE_CFS_PERIODS * periodMs;
}
