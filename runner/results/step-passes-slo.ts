import type { LoadStep } from "../../contract/result.ts";
import { stepMeetsSlo } from "../../search/step-verdict.ts";

/** Whether a stored load step passes a p99 SLO under the search's own rule; the closed-loop probe never does. */
export function stepPassesSlo(step: LoadStep, sloP99Ms: number): boolean {
  return step.phase !== "probe" && stepMeetsSlo({ ...step, p99Ms: step.latency.p99Ms }, sloP99Ms);
}
