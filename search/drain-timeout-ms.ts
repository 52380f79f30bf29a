const MIN_DRAIN_MS = 1_000;
const MAX_DRAIN_MS = 10_000;
const DRAIN_SLO_MULTIPLE = 5;

/** Longest wait for stragglers after a step (part of the rule in step-verdict.ts): 5 x SLO, within 1..10 s, never a function of the step length. */
export function drainTimeoutMs(sloP99Ms: number): number {
  return Math.min(MAX_DRAIN_MS, Math.max(MIN_DRAIN_MS, DRAIN_SLO_MULTIPLE * sloP99Ms));
}
