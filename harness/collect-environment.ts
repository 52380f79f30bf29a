import os from "node:os";
import type { Environment } from "../contract/environment.ts";
import { DEFAULT_CGROUP_ROOT } from "./cgroup/cgroup-files.ts";
import { readCgroupLimits } from "./cgroup/read-cgroup-limits.ts";

/** process.constrainedMemory() returns 0 or a huge value when there is no limit. */
const constrainedMemoryBytes = (): number | null => {
  const value = process.constrainedMemory?.() ?? 0;
  return value > 0 && value < 2 ** 60 ? value : null;
};

/** The environment block: runtime, flags, CPU, cgroup limits, date and commit. */
export function collectEnvironment(cgroupRoot: string = DEFAULT_CGROUP_ROOT): Environment {
  const cpus = os.cpus();
  return {
    runtime: "bun",
    runtimeVersion: Bun.version,
    smol: process.execArgv.includes("--smol"),
    bunOptions: process.env.BUN_OPTIONS ?? null,
    execArgv: [...process.execArgv],
    cpuModel: cpus[0]?.model ?? "unknown",
    hostCores: Math.max(1, cpus.length),
    hardwareConcurrency: Math.max(1, navigator.hardwareConcurrency),
    constrainedMemoryBytes: constrainedMemoryBytes(),
    cgroup: readCgroupLimits(cgroupRoot),
    date: new Date().toISOString(),
    commit: process.env.GIT_COMMIT || null,
  };
}
