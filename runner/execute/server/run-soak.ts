import type { LoadStep } from "../../../contract/result.ts";
import { runServerStep, type ServerStepContext, stepRequest } from "./run-server-step.ts";

/** A memory-search soak: one fixed open-loop rate for `seconds`, cut into steps so p99, CPU and RSS read per part. */
export interface SoakRequest {
  ratePerSec: number;
  seconds: number;
}

/** Parts a soak is cut into: enough to see RSS grow, and each at least half a second. */
export const SOAK_PARTS = 3;
const MIN_PART_MS = 500;

/** Runs the soak's parts one after the other at the same rate (phase fixed); a stop ends it with the step's error. */
export async function runSoak(context: ServerStepContext, soak: SoakRequest): Promise<LoadStep[]> {
  const totalMs = soak.seconds * 1000;
  const parts = Math.max(1, Math.min(SOAK_PARTS, Math.floor(totalMs / MIN_PART_MS)));
  const steps: LoadStep[] = [];
  for (let part = 0; part < parts; part++)
    steps.push(await runServerStep(context, stepRequest(context, soak.ratePerSec, "fixed", totalMs / parts)));
  return steps;
}
