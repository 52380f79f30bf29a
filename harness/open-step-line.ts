import type { StepOutcome } from "./run-outcome.ts";

/** The stderr line of one open-loop step: offered and achieved rate, p99, losses, CPU, contention, verdict. */
export function openStepLine(
  offeredPerSec: number,
  { step, seconds }: StepOutcome,
  contention: string,
  pacerMaxLateMs: number,
): string {
  const cpu =
    step.processCpuSeconds === null ? "" : ` cpu ${(step.processCpuSeconds / seconds).toFixed(3)} core`;
  return `[harness] ${step.phase} ${offeredPerSec.toFixed(1)}/s -> ${step.achievedPerSec.toFixed(1)}/s p99 ${step.latency.p99Ms.toFixed(2)} ms errors ${step.errors} lost ${step.lost} dropped ${step.dropped}${cpu}${contention} pacer-late ${pacerMaxLateMs.toFixed(1)} ms ${step.sloMet ? "PASS" : "FAIL"}`;
}
