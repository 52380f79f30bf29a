import os from "node:os";
import type { BenchResult, LoadStep } from "../../contract/result.ts";
import { provenRatePerSec } from "../../search/step-verdict.ts";
import type { RunFacts } from "../drivers/execution-driver.ts";
import type { Cell } from "../plan/cell.ts";
import type { ServiceCell } from "../plan/service-cell.ts";

// The trust rule: whether the generator, the host or other load, rather than the service, limited a step or a ceiling.

/** The generator's own send lag may take at most this share of the SLO before a step is the generator's. */
export const MAX_SEND_LAG_SLO_SHARE = 0.1;
/** Above this share of the request cycle, the generator's turnaround (response to next send) is in series with the service. */
export const MAX_TURNAROUND_CYCLE_SHARE = 0.25;
/** At this share of its worker threads' cores busy during a step, the generator had no spare CPU. */
export const GENERATOR_BUSY_SHARE = 0.85;
/** Above this share of the host's cores busy in a step, no core was spare: the host may have set the pace. */
export const HOST_BUSY_SHARE = 0.9;
/** Below this share of its usable CPU quota at the ceiling, the service was not what stopped the search. */
export const SERVICE_BUSY_SHARE = 0.8;

export interface StepLimit {
  limit: "generator" | "host";
  reason: string;
}

/** What, besides the service, may have limited one load step: checked on every step, from its own figures. */
export function stepLimits(
  step: LoadStep,
  context: { sloP99Ms: number; hostCores: number; concurrency: number | null; generatorWorkers: number },
): StepLimit[] {
  const limits: StepLimit[] = [];
  const at = `at ${step.offeredPerSec.toFixed(0)}/s`;
  const lag = step.generatorSendLagP99Ms;
  if (typeof lag === "number" && lag > MAX_SEND_LAG_SLO_SHARE * context.sloP99Ms)
    limits.push({
      limit: "generator",
      reason: `${at} the generator's send lag p99 was ${lag.toFixed(1)} ms (over ${MAX_SEND_LAG_SLO_SHARE * 100}% of the ${context.sloP99Ms} ms SLO)`,
    });
  const seconds = step.durationMs / 1000;
  const generatorCores =
    typeof step.generatorCpuSeconds === "number" && seconds > 0 ? step.generatorCpuSeconds / seconds : null;
  if (generatorCores !== null && generatorCores >= GENERATOR_BUSY_SHARE * context.generatorWorkers)
    limits.push({
      limit: "generator",
      reason: `${at} the generator had no spare CPU (${generatorCores.toFixed(2)} cores busy on its ${context.generatorWorkers} worker thread${context.generatorWorkers > 1 ? "s" : ""})`,
    });
  const known = [step.processCpuSeconds, step.generatorCpuSeconds].every((v) => typeof v === "number");
  if (known && typeof step.hostOtherCpuCores === "number" && seconds > 0) {
    const busyCores =
      ((step.processCpuSeconds ?? 0) + (step.generatorCpuSeconds ?? 0)) / seconds + step.hostOtherCpuCores;
    if (busyCores >= HOST_BUSY_SHARE * context.hostCores)
      limits.push({
        limit: "host",
        reason: `${at} the host had no spare core (${busyCores.toFixed(2)} of ${context.hostCores} busy: generator ${((step.generatorCpuSeconds ?? 0) / seconds).toFixed(2)}, other load ${step.hostOtherCpuCores.toFixed(2)})`,
      });
  }
  const share = turnaroundShare(step);
  if (share !== null && share > MAX_TURNAROUND_CYCLE_SHARE)
    limits.push({
      limit: "generator",
      reason: `${at} the generator's turnaround was ${Math.round(share * 100)}% of each request cycle (over ${MAX_TURNAROUND_CYCLE_SHARE * 100}%) at concurrency ${context.concurrency ?? "?"}`,
    });
  return limits;
}

/** The generator's share of a request cycle: its turnaround over turnaround + the operation's own time; null: unknown. */
export function turnaroundShare(step: LoadStep): number | null {
  const turnaround = step.generatorTurnaroundMeanMs;
  const operation = step.operationMeanMs;
  if (typeof turnaround !== "number" || typeof operation !== "number" || turnaround + operation <= 0)
    return null;
  return turnaround / (turnaround + operation);
}

/** The generator's worker threads: the whole cores the service's limit leaves on this host (at least one). */
export function generatorWorkers(serviceCpus: number, hostCores: number): number {
  return Math.max(1, Math.floor(hostCores - serviceCpus));
}

/**
 * Why the load generator or the host, not the service, set this ceiling (null: the service's). Judged on the
 * confirming step (a search that confirmed none, e.g. a drifted one: its highest passing step) and the failed steps
 * above it: the service well under its CPU quota while the generator sent late, had no spare core, or sat in series
 * with it (turnaround) is never the service's capacity, nor its drift. A service paced by waits (below its quota,
 * with a punctual generator and a spare core) stays the service's.
 */
export function generatorDoubt(
  cell: Cell & { service: ServiceCell },
  result: Pick<BenchResult, "ceiling" | "steps">,
  facts: Pick<RunFacts, "node">,
): string | null {
  const confirmedPerSec = result.ceiling?.ceilingPerSec ?? null;
  const passed = result.steps.filter((step) => step.phase !== "probe" && step.sloMet);
  const confirm =
    confirmedPerSec === null
      ? passed.toSorted((a, b) => b.offeredPerSec - a.offeredPerSec)[0]
      : passed.filter((step) => step.phase === "confirm").at(-1);
  if (!confirm) return null;
  const ceilingPerSec = confirmedPerSec ?? provenRatePerSec(confirm);
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
  const where =
    confirmedPerSec === null
      ? `at ${ceilingPerSec.toFixed(0)}/s, the highest rate that passed (none was confirmed)`
      : `at the ceiling of ${ceilingPerSec.toFixed(0)}/s`;
  return `the ${limiters.join(" and the ")}, not the service, ${verb} the limit: ${reasons}; ${service} ${where}`;
}

function coresOf(cpuSeconds: number | null | undefined, step: LoadStep): number | null {
  return typeof cpuSeconds === "number" && step.durationMs > 0 ? cpuSeconds / (step.durationMs / 1000) : null;
}
