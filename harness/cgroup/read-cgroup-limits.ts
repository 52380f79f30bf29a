import type { CgroupLimits } from "../../contract/cgroup-limits.ts";
import { DEFAULT_CGROUP_ROOT, readCgroupFile, readCgroupNumber } from "./cgroup-files.ts";
import { detectCgroupVersion, v1CpuDir } from "./detect-cgroup-version.ts";

const cores = (quota: number | null, period: number | null) =>
  quota !== null && period !== null && period > 0 ? quota / period : null;

/** The memory and CPU limits of the cgroup this process runs in; unlimited values are null. */
export function readCgroupLimits(root: string = DEFAULT_CGROUP_ROOT): CgroupLimits {
  const version = detectCgroupVersion(root);
  if (version === 2) {
    const [quotaText, periodText] = (readCgroupFile(root, "cpu.max") ?? "").split(/\s+/);
    const quota = quotaText && /^\d+$/.test(quotaText) ? Number(quotaText) : null;
    const period =
      periodText && /^\d+$/.test(periodText) && Number(periodText) > 0 ? Number(periodText) : null;
    return {
      version,
      memoryLimitBytes: readCgroupNumber(root, "memory.max"),
      cpuQuotaMicros: quota,
      cpuPeriodMicros: period,
      cpuLimitCores: cores(quota, period),
    };
  }
  if (version === 1) {
    const cpuDir = v1CpuDir(root);
    const quota = readCgroupNumber(root, cpuDir, "cpu.cfs_quota_us");
    const periodValue = readCgroupNumber(root, cpuDir, "cpu.cfs_period_us");
    const period = periodValue !== null && periodValue > 0 ? periodValue : null;
    return {
      version,
      memoryLimitBytes: readCgroupNumber(root, "memory", "memory.limit_in_bytes"),
      cpuQuotaMicros: quota,
      cpuPeriodMicros: period,
      cpuLimitCores: cores(quota, period),
    };
  }
  return {
    version: null,
    memoryLimitBytes: null,
    cpuQuotaMicros: null,
    cpuPeriodMicros: null,
    cpuLimitCores: null,
  };
}
