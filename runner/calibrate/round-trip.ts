import type { LoadStep } from "../../contract/result.ts";
import { provenRatePerSec } from "../../search/step-verdict.ts";
import { stepLimits } from "../load/generator-trust.ts";

/** The most requests the client keeps in flight, whatever the floor: every step stays bounded. */
const MAX_IN_FLIGHT = 10_000;
/** A closed-loop step (the search's first estimate, the warm-up) sizes its window for this multiple of the local ceiling. */
const CLOSED_LOOP_RATE_HEADROOM = 2;

/** The concurrency-1 probe's latency: the network and the handler's own time, which every request also carries. */
export interface RoundTripFloor {
  p50Ms: number;
  p99Ms: number;
}

/**
 * The client's window: the revision's concurrency plus what the round trip alone keeps busy at this rate
 * (rate × floor p99, Little's law), so the front end, not this client, queues what the instance cannot take.
 * `ratePerSec` null (closed loop): sized for twice the local ceiling.
 */
export function inFlightWindow(
  concurrency: number,
  ratePerSec: number | null,
  floor: RoundTripFloor,
  localCeilingPerSec: number,
): number {
  const rate = ratePerSec ?? CLOSED_LOOP_RATE_HEADROOM * localCeilingPerSec;
  return Math.min(MAX_IN_FLIGHT, concurrency + Math.ceil((rate * floor.p99Ms) / 1000));
}

/** The SLO the client judges against: the cell's, on latency less the floor's p50 (the network is not the revision's). */
export function judgedSloMs(cellSloP99Ms: number, floor: RoundTripFloor): number {
  return cellSloP99Ms + floor.p50Ms;
}

/** round-trip floor × rate ÷ concurrency: the share of the concurrency the round trip alone keeps busy (Little's law). */
export function littleLawShare(roundTripFloorMs: number, ratePerSec: number, concurrency: number): number {
  return ((roundTripFloorMs / 1000) * ratePerSec) / concurrency;
}

/**
 * Whether this client's window, rather than the revision, failed the first step above the ceiling: its latency less
 * the floor met the SLO, yet requests waited for a slot in the window (late or dropped). null: the revision's.
 */
export function windowLimit(
  steps: readonly LoadStep[],
  ceilingPerSec: number,
  sloP99Ms: number,
): string | null {
  const above = steps
    .filter((s) => s.phase !== "probe" && !s.sloMet && s.offeredPerSec > ceilingPerSec)
    .sort((a, b) => a.offeredPerSec - b.offeredPerSec)[0];
  if (!above) return null;
  const fast = above.latency.p99Ms <= sloP99Ms;
  const waited = (above.dropped ?? 0) > 0 || (above.generatorSendLagP99Ms ?? 0) > sloP99Ms / 2;
  if (!fast || !waited) return null;
  return `at ${above.offeredPerSec.toFixed(0)}/s the answers met the SLO (p99 ${above.latency.p99Ms.toFixed(1)} ms of ${sloP99Ms.toFixed(1)}) but requests waited for a slot in this client's window (${above.dropped ?? 0} dropped)`;
}

/** The passing step that proved the ceiling, if any. */
function stepAtCeiling(steps: readonly LoadStep[], ceilingPerSec: number | null): LoadStep | undefined {
  return steps.find((s) => s.phase !== "probe" && s.sloMet && provenRatePerSec(s) === ceilingPerSec);
}

/**
 * Why this client, not the revision, may have set the ceiling: its generator or host at the ceiling's step (the trust
 * rule of a local cell, judged on the window that step had), or its window at the step above. []: the revision's.
 */
export function clientLimits(
  steps: readonly LoadStep[],
  ceilingPerSec: number | null,
  context: {
    floor: RoundTripFloor | null;
    sloP99Ms: number;
    concurrency: number;
    localCeilingPerSec: number;
    hostCores: number;
    workers: number;
  },
): string[] {
  const { floor } = context;
  const judged = floor === null ? context.sloP99Ms : judgedSloMs(context.sloP99Ms, floor);
  const atCeiling = stepAtCeiling(steps, ceilingPerSec);
  const window = (step: LoadStep) =>
    floor === null
      ? context.concurrency
      : inFlightWindow(context.concurrency, step.offeredPerSec, floor, context.localCeilingPerSec);
  const reasons = atCeiling
    ? stepLimits(atCeiling, {
        sloP99Ms: judged,
        hostCores: context.hostCores,
        concurrency: window(atCeiling),
        generatorWorkers: Math.min(context.workers, window(atCeiling)),
      }).map((limit) => `this host's ${limit.limit} may have set the pace: ${limit.reason}`)
    : [];
  const full = ceilingPerSec === null ? null : windowLimit(steps, ceilingPerSec, judged);
  if (full !== null) reasons.push(`this client's window may have set the pace: ${full}`);
  return reasons;
}
