import type { LoadStep } from "../../contract/result.ts";

/** A step must deliver at least this share of the offered rate to pass (the in-container search's rule). */
const MIN_ACHIEVED_SHARE = 0.95;

/** Whether a stored load step passes a p99 SLO under the search's pass rule; the closed-loop probe never does. */
export function stepPassesSlo(step: LoadStep, sloP99Ms: number): boolean {
  return (
    step.phase !== "probe" &&
    step.latency.p99Ms <= sloP99Ms &&
    step.errors === 0 &&
    step.lost === 0 &&
    step.achievedPerSec >= step.offeredPerSec * MIN_ACHIEVED_SHARE
  );
}
