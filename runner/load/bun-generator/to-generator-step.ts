import type { GeneratorStepSummary } from "../../../contract/generator-step.ts";
import { achievedPerSec as achievedOver, rateWindow, stepMeetsSlo } from "../../../search/step-verdict.ts";
import type { GeneratorStep, StepRequest } from "../load-generator.ts";

/** A generator summary as a contract load step; an open step's achieved rate is over its rate window (search/step-verdict.ts). */
export function toGeneratorStep(
  request: StepRequest,
  summary: GeneratorStepSummary,
  cpuSeconds: number,
): GeneratorStep {
  const windowMs =
    request.kind === "open" ? request.durationMs : Math.max(summary.lastSendMs, summary.lastDoneMs);
  const achievedPerSec =
    request.kind === "open"
      ? achievedOver(summary.completedInWindow ?? 0, rateWindow(request.durationMs, request.sloP99Ms))
      : achievedOver(summary.completed, { fromMs: 0, toMs: windowMs });
  const offeredPerSec = request.kind === "open" ? (request.ratePerSec ?? 0) : achievedPerSec;
  const dropped =
    summary.plannedRequests === null ? 0 : Math.max(0, summary.plannedRequests - summary.started);
  const lost = Math.max(0, summary.started - summary.completed);
  const figures = {
    offeredPerSec,
    achievedPerSec,
    p99Ms: summary.latency.p99Ms,
    errors: summary.errors,
    lost,
    dropped,
  };
  const { self } = summary;
  return {
    step: {
      phase: request.phase,
      offeredPerSec,
      achievedPerSec,
      durationMs: windowMs,
      latency: summary.latency,
      errors: summary.errors,
      lost,
      dropped,
      processCpuSeconds: null,
      // The generator's own CPU while it paced the step (its start-up and module load excluded).
      generatorCpuSeconds: summary.self.cpuSeconds,
      generatorSendLagP99Ms: self.sendLagP99Ms,
      generatorTurnaroundMeanMs: self.turnaroundMeanMs,
      operationMeanMs: self.serviceMeanMs,
      hostOtherCpuCores: null,
      causes: summary.causes,
      requestBytes: summary.requestBytes ?? null,
      responseBytes: summary.responseBytes ?? null,
      sloMet: stepMeetsSlo(figures, request.sloP99Ms),
    },
    droppedRequests: dropped,
    generatorCpuSeconds: cpuSeconds,
    self,
  };
}
