import type { GeneratorStepConfig } from "../../../contract/generator-step.ts";
import { rateWindow, serverDrainMs, serverRequestTimeoutMs } from "../../../search/step-verdict.ts";
import type { StepRequest } from "../load-generator.ts";

/** Resolves a step request into the generator's configuration (bounded in count and time). */
export function generatorStepConfig(request: StepRequest): GeneratorStepConfig {
  const rate = request.kind === "open" ? request.ratePerSec : null;
  if (request.kind === "open" && !(rate !== null && rate > 0))
    throw new RangeError(`an open-loop step needs a positive ratePerSec, got ${rate}`);
  if (!Number.isInteger(request.concurrency) || request.concurrency < 1)
    throw new RangeError(`concurrency must be a whole number >= 1, got ${request.concurrency}`);
  if (request.workload === null && request.requests.length === 0)
    throw new RangeError("a step needs at least one request (or a workload module)");
  const window = rate === null ? null : rateWindow(request.durationMs, request.sloP99Ms);
  return {
    kind: request.kind,
    ratePerSec: rate,
    concurrency: request.concurrency,
    durationMs: Math.round(request.durationMs),
    sloP99Ms: request.sloP99Ms,
    rateFromMs: window?.fromMs ?? null,
    rateToMs: window?.toMs ?? null,
    drainMs: serverDrainMs(request.sloP99Ms),
    timeoutMs: serverRequestTimeoutMs(request.sloP99Ms),
    plannedRequests: rate === null ? null : Math.max(1, Math.round((rate * request.durationMs) / 1000)),
    port: request.port,
    requests: request.requests,
    workload: request.workload === null ? null : (request.workload.imagePath ?? "-"),
    flags: request.flags ?? {},
    workers: Math.max(1, Math.min(request.workers ?? 1, request.concurrency)),
  };
}
