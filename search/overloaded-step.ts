import type { LoadStep } from "../contract/result.ts";

/** A failing step that delivered less than this share of its offered rate was overloaded. */
export const OVERLOAD_DELIVERY_RATIO = 0.975;

/** The step delivered clearly less than it was offered: its achieved rate is about the workload's own rate. */
export function overloadedStep(step: Pick<LoadStep, "offeredPerSec" | "achievedPerSec">): boolean {
  return step.achievedPerSec > 0 && step.achievedPerSec < OVERLOAD_DELIVERY_RATIO * step.offeredPerSec;
}
