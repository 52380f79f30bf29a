import type { LoadStep } from "../../../contract/result.ts";
import {
  GENERATOR_BUSY_SHARE,
  MAX_SEND_LAG_SLO_SHARE,
  MAX_TURNAROUND_CYCLE_SHARE,
} from "./generator-defaults.ts";

/** Above this share of the host's cores busy in a step, no core was spare: the host may have set the pace. */
export const HOST_BUSY_SHARE = 0.9;

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
