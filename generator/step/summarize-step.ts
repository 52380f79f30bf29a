import type { GeneratorStepConfig, GeneratorStepSummary } from "../../contract/generator-step.ts";
import type { MergedFigures } from "./merge-figures.ts";
import { plannedOperations } from "./pace-plan.ts";

const mean = (sum: number, count: number): number | null => (count === 0 ? null : sum / count);

/** The step's one line: merged figures, the latency from intended times, and the generator's own punctuality. */
export function summarizeStep(
  config: GeneratorStepConfig,
  merged: MergedFigures,
  cpuSeconds: number,
  workers: number,
): GeneratorStepSummary {
  const open = config.kind === "open";
  return {
    bcStepSummary: 2,
    kind: config.kind,
    plannedRequests: open ? plannedOperations(config) : null,
    started: merged.started,
    completed: merged.completed,
    completedInWindow: open ? merged.completedInWindow : null,
    errors: merged.errors,
    late: merged.late,
    lastSendMs: merged.lastSendMs,
    lastDoneMs: merged.lastDoneMs,
    latency: merged.latency.toPercentiles(),
    causes: merged.causes,
    requestBytes: merged.requestBytes,
    responseBytes: merged.responseBytes,
    ...(config.watchHeader ? { headerValues: merged.headerValues } : {}),
    self: {
      sendLagP50Ms: merged.sendLag.percentileMs(50),
      sendLagP99Ms: merged.sendLag.percentileMs(99),
      sendLagMaxMs: merged.sendLag.maxMs,
      turnaroundMeanMs: mean(merged.turnaroundSumMs, merged.turnaroundCount),
      serviceMeanMs: mean(merged.serviceSumMs, merged.serviceCount),
      cpuSeconds,
      workers,
    },
  };
}
