import os from "node:os";
import type { BenchResult, LoadStep } from "../../../contract/result.ts";
import type { RunFacts } from "../../drivers/execution-driver.ts";
import { stepLimits } from "../../load/bun-generator/step-limits.ts";
import type { Cell } from "../../plan/cell.ts";
import type { ServiceCell } from "../../plan/service-cell.ts";
import { generatorWorkers } from "./run-server-step.ts";

/** Below this share of its usable CPU quota at the ceiling, the service was not what stopped the search. */
export const SERVICE_BUSY_SHARE = 0.8;

/**
 * Why the load generator or the host, not the service, set this ceiling (null: the service's). Judged on the
 * confirming step and the failed steps just above the ceiling: the service well under its CPU quota while the
 * generator sent late, had no spare core, or sat in series with it (turnaround) is never the service's capacity.
 * A service paced by waits (below its quota, with a punctual generator and a spare core) stays the service's.
 */
export function generatorDoubt(
  cell: Cell & { service: ServiceCell },
  result: BenchResult,
  facts: RunFacts,
): string | null {
  const ceilingPerSec = result.ceiling?.ceilingPerSec ?? null;
  if (ceilingPerSec === null) return null;
  const confirm = result.steps.filter((step) => step.phase === "confirm" && step.sloMet).at(-1);
  if (!confirm) return null;
  const above = result.steps.filter((step) => !step.sloMet && step.offeredPerSec > ceilingPerSec);
  const hostCores = facts.node?.cpus ?? os.availableParallelism();
  const serviceCores = coresOf(confirm.processCpuSeconds, confirm);
  // A Bun process runs its JavaScript on one thread: above 1 vCPU its usable quota is one core.
  const usableCores = Math.min(cell.cpus, 1);
  const busy = serviceCores !== null && serviceCores >= SERVICE_BUSY_SHARE * usableCores;
  if (busy) return null;
  const limits = [confirm, ...above].flatMap((step) =>
    stepLimits(step, {
      sloP99Ms: cell.sloP99Ms,
      hostCores,
      concurrency: cell.concurrency ?? null,
      generatorWorkers: generatorWorkers(cell.cpus, hostCores),
    }),
  );
  if (limits.length === 0) return null;
  const service =
    serviceCores === null
      ? "the service's CPU was not measured"
      : `the service used ${serviceCores.toFixed(2)} cores, ${Math.round((serviceCores / cell.cpus) * 100)}% of its ${cell.cpus} vCPU quota`;
  const limiters = [...new Set(limits.map((l) => l.limit))];
  const reasons = [...new Set(limits.map((l) => l.reason))].slice(0, 2).join("; ");
  const verb = limiters.length > 1 ? "were" : "was";
  return `the ${limiters.join(" and the ")}, not the service, ${verb} the limit: ${reasons}; ${service} at the ceiling of ${ceilingPerSec.toFixed(0)}/s`;
}

function coresOf(cpuSeconds: number | null | undefined, step: LoadStep): number | null {
  return typeof cpuSeconds === "number" && step.durationMs > 0 ? cpuSeconds / (step.durationMs / 1000) : null;
}
