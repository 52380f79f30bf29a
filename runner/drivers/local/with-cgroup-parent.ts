import type { ContainerSpec } from "../../docker/docker-api.ts";
import type { CgroupTotals, ParentCgroup } from "./cgroup-parent.ts";

/** Hands out parent cgroups; null when the host's cgroups cannot be used this way. */
export interface ContainerAccounting {
  open(): ParentCgroup | null;
  removeStale(): Promise<void>;
}

/**
 * Runs (and removes) one container under a fresh parent cgroup, then reads the parent's totals and removes it.
 * Without accounting the container runs as is and the totals are null.
 */
export async function withCgroupParent<T>(
  accounting: ContainerAccounting | null,
  spec: ContainerSpec,
  run: (spec: ContainerSpec) => Promise<T>,
): Promise<{ result: T; totals: CgroupTotals | null }> {
  const parent = accounting?.open() ?? null;
  if (!parent) return { result: await run(spec), totals: null };
  try {
    const result = await run({ ...spec, cgroupParent: parent.path });
    return { result, totals: await parent.totals() };
  } finally {
    await parent.remove();
  }
}
