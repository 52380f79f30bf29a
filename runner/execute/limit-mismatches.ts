import type { BenchResult } from "../../contract/result.ts";
import type { AppliedLimits } from "../docker/applied-limits.ts";
import type { Cell } from "../plan/cell.ts";
import { nanoCpusOf } from "../units/units.ts";
import { CPU_LIMIT_TOLERANCE, MEMORY_LIMIT_TOLERANCE_BYTES } from "./execute-defaults.ts";

/** Where Docker's applied limits, or the limits the container itself read from its cgroup, differ from the plan. */
export function limitMismatches(
  cell: Cell,
  applied: AppliedLimits | null,
  result: BenchResult | null,
): string[] {
  const problems: string[] = [];
  const nanoCpus = nanoCpusOf(cell.cpus);
  if (applied) {
    if (applied.nanoCpus !== nanoCpus)
      problems.push(`docker applied NanoCpus ${applied.nanoCpus}, planned ${nanoCpus}`);
    if (applied.memoryBytes !== cell.memoryBytes) {
      problems.push(`docker applied Memory ${applied.memoryBytes}, planned ${cell.memoryBytes}`);
    }
    if (applied.memorySwapBytes !== cell.memoryBytes) {
      problems.push(`docker applied MemorySwap ${applied.memorySwapBytes}: swap is not off`);
    }
  }
  const cgroup = result?.environment.cgroup;
  if (cgroup) {
    if (cgroup.memoryLimitBytes === null) problems.push("the container saw no cgroup memory limit");
    else if (Math.abs(cgroup.memoryLimitBytes - cell.memoryBytes) > MEMORY_LIMIT_TOLERANCE_BYTES) {
      problems.push(
        `the container read memory limit ${cgroup.memoryLimitBytes}, planned ${cell.memoryBytes}`,
      );
    }
    if (cgroup.cpuLimitCores === null) problems.push("the container saw no cgroup CPU limit");
    else if (Math.abs(cgroup.cpuLimitCores - cell.cpus) > cell.cpus * CPU_LIMIT_TOLERANCE) {
      problems.push(`the container read CPU limit ${cgroup.cpuLimitCores} cores, planned ${cell.cpus}`);
    }
  }
  return problems;
}
