import type { PacePlan } from "../../generator/step/pace-plan.ts";

/** A one-worker plan starting 5 ms from now, with the given overrides. */
export function planFor(overrides: Partial<PacePlan>): PacePlan {
  return {
    kind: "open",
    ratePerSec: 1000,
    plannedRequests: null,
    concurrency: 10,
    durationMs: 500,
    drainMs: 1000,
    timeoutMs: 2000,
    rateFromMs: 100,
    rateToMs: 400,
    worker: 0,
    workers: 1,
    startMs: performance.now() + 5,
    ...overrides,
  };
}

export const after = (ms: number, value = true) =>
  new Promise<boolean>((resolve) => setTimeout(() => resolve(value), ms));
