import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_CGROUP_ROOT } from "./cgroup-files.ts";

export type CgroupVersion = 1 | 2 | null;

/** v2 has a unified cgroup.controllers file at the root; v1 has a directory per controller. */
export function detectCgroupVersion(root: string = DEFAULT_CGROUP_ROOT): CgroupVersion {
  if (existsSync(join(root, "cgroup.controllers"))) return 2;
  if (
    existsSync(join(root, "memory")) ||
    existsSync(join(root, "cpu,cpuacct")) ||
    existsSync(join(root, "cpu"))
  ) {
    return 1;
  }
  return null;
}

/** v1 mounts cpu and cpuacct together as "cpu,cpuacct" on most distributions; some use plain "cpu". */
export function v1CpuDir(root: string): string {
  return existsSync(join(root, "cpu,cpuacct")) ? "cpu,cpuacct" : "cpu";
}
