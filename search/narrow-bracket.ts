import { overloadedStep } from "./overloaded-step.ts";
import type { SearchSession } from "./search-session.ts";

export interface Bracket {
  /** Highest rate that passed, null when none did. */
  pass: number | null;
  /**
   * What bounds the ceiling from above, null when no step failed: the lowest failing offered rate, or the rate an
   * overloaded failing step delivered when that is lower and above `pass` (the workload's own rate: no step can
   * prove more than it delivers).
   */
  fail: number | null;
}

/**
 * Moves up span twice the grid units of moves down: overshooting is cheap (an overloaded step's delivered rate
 * bounds the ceiling at once), and a probe underestimates more often than it overestimates (a latency-bound
 * closed loop). Measured with bench/search-cost.ts.
 */
const UP_SPAN_FACTOR = 2;

export interface NarrowOptions {
  estimatePerSec: number;
  startFraction: number;
  resolution: number;
  minRatePerSec: number;
  /** Steps (probe included) the bracket and bisection may use. */
  budget: number;
}

/**
 * Every rate is on a grid start x (1 + resolution)^k, so a pass at k and a failure at k + 1 is the resolution.
 * Gallop from start = startFraction x the estimate: each further step in one direction moves twice as many grid
 * units as the one before, then four times (down 1, 2, 8, 32...; up twice that). Then bisect between the highest pass and the lowest failure. An overloaded failing step
 * delivers about the workload's own rate, so its achieved rate steers the next step (once: a hint that proves
 * wrong costs one step; without one the next step is the geometric middle), and it bounds the ceiling: the search
 * ends when the bound is within the resolution of the highest pass.
 */
export async function narrowBracket(session: SearchSession, options: NarrowOptions): Promise<Bracket> {
  const { resolution, minRatePerSec, budget } = options;
  const unit = Math.log(1 + resolution);
  const origin = Math.max(minRatePerSec, options.estimatePerSec * options.startFraction);
  const rateAt = (k: number) => Math.max(minRatePerSec, origin * Math.exp(k * unit));
  const indexOf = (rate: number) => Math.log(rate / origin) / unit;
  let pass: number | null = null;
  let fail: number | null = null;
  let hint: number | null = null;
  let delivered = Number.POSITIVE_INFINITY;
  const upper = () => Math.min(fail === null ? Number.POSITIVE_INFINITY : rateAt(fail), delivered);
  const narrowEnough = () => pass !== null && upper() <= rateAt(pass) * (1 + resolution) * (1 + 1e-9);
  let span = 1;
  let k = 0;
  while (!narrowEnough() && session.steps.length < budget) {
    const rate = rateAt(k);
    const phase = pass === null || fail === null ? "bracket" : "bisect";
    const step = await session.measureOrRetry(rate, phase, budget);
    if (step.sloMet) pass = k;
    else {
      fail = k;
      hint = overloadedStep(step) ? indexOf(step.achievedPerSec) : null;
      if (hint !== null) delivered = Math.min(delivered, step.achievedPerSec);
      if (rate <= minRatePerSec) break;
    }
    // An overload that delivered less than a rate that passed shows throughput sagging under it, not the ceiling.
    if (pass !== null && delivered <= rateAt(pass)) delivered = Number.POSITIVE_INFINITY;
    if (narrowEnough()) break;
    const steer = hint === null ? null : Math.floor(hint + 1e-9);
    hint = null;
    if (fail === null) k = (pass as number) + UP_SPAN_FACTOR * span;
    else if (pass === null) k = Math.min(fail - 1, steer ?? fail - span);
    else {
      // The delivered bound narrows the grid interval too.
      const top = Math.min(fail, Math.ceil(indexOf(upper()) - 1e-9));
      const middle = pass + Math.max(1, Math.ceil((top - pass) / 2));
      k = steer === null ? middle : Math.min(top - 1, Math.max(pass + 1, steer));
      k = Math.max(pass + 1, Math.min(fail - 1, k));
    }
    // 1, 2, 8, 32...: a probe far off (8x) is still bracketed within the step budget.
    span *= span >= 2 ? 4 : 2;
  }
  return { pass: pass === null ? null : rateAt(pass), fail: fail === null ? null : upper() };
}
