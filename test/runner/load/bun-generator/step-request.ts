import type { GeneratorStepSummary } from "../../../../contract/generator-step.ts";
import { emptyCauses } from "../../../../contract/step-causes.ts";
import type { StepRequest } from "../../../../runner/load/load-generator.ts";

/** An open step at 200/s for 5 s, SLO 100 ms, concurrency 10, one GET: override what a test is about. */
export function stepRequest(overrides: Partial<StepRequest> = {}): StepRequest {
  return {
    kind: "open",
    ratePerSec: 200,
    concurrency: 10,
    durationMs: 5000,
    sloP99Ms: 100,
    port: 8080,
    requests: [{ weight: 1, method: "GET", path: "/", headers: {}, body: null }],
    workload: null,
    phase: "bracket",
    ...overrides,
  };
}

/** What generator/main.ts prints for a punctual open step at 200/s for 5 s: every planned request answered. */
export function stepSummary(overrides: Partial<GeneratorStepSummary> = {}): GeneratorStepSummary {
  return {
    bcStepSummary: 2,
    kind: "open",
    plannedRequests: 1000,
    started: 1000,
    completed: 1000,
    completedInWindow: 980,
    errors: 0,
    late: 0,
    lastSendMs: 4995,
    lastDoneMs: 5002,
    latency: { count: 1000, p50Ms: 2, p90Ms: 4, p95Ms: 5, p99Ms: 8, p999Ms: 12, maxMs: 15 },
    causes: { ...emptyCauses(), status2xx: 1000 },
    self: {
      sendLagP50Ms: 0.1,
      sendLagP99Ms: 0.7,
      sendLagMaxMs: 2.5,
      turnaroundMeanMs: 0.04,
      serviceMeanMs: 2.2,
      cpuSeconds: 0.6,
      workers: 1,
    },
    ...overrides,
  };
}
