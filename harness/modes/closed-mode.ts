import type { ModeRunner } from "../mode-runner.ts";
import type { RunOutcome } from "../run-outcome.ts";

/** --mode=closed: keep --inflight operations outstanding for --duration-s; no load steps. */
export async function runClosedMode(runner: ModeRunner): Promise<RunOutcome> {
  const outcome = await runner.closedPhase(runner.flags.durationS * 1000, "fixed");
  return {
    steps: [],
    ceiling: null,
    measuredMs: outcome.step.durationMs,
    representative: outcome,
    sloMet: outcome.step.sloMet,
    notes: [
      `closed loop with ${runner.flags.inflight} operations in flight: latency is from the actual send time`,
    ],
    parameters: {},
  };
}
