import { overloadedStep } from "./overloaded-step.ts";
import type { SearchSession } from "./search-session.ts";

export interface Bracket {
  /** Highest rate that passed, null when none did. */
  pass: number | null;
  /** The lowest failing offered rate, null when no step failed. */
  fail: number | null;
}

/**
 * Moves up span twice the grid units of moves down: overshooting is cheap (an overloaded step's delivered rate
 * steers the next step), and a probe underestimates more often than it overestimates (a latency-bound closed loop).
 * Measured with bench/search-cost.ts.
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
 * units as the one before, then four times (down 1, 2, 8, 32...; up twice that). Then bisect between the highest
 * pass and the lowest failure until they are one grid step apart. An overloaded failing step's achieved rate steers
 * the next step (once: a hint that proves wrong costs one step). It never bounds the ceiling: under overload a
 * workload can deliver far less than it sustains just below it (measured: the in-process engine at 0.5 vCPU
 * delivered 385-468K msg/s at twice its rate, yet passed at 457K on 57% of its CPU quota).
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
  let steered = false;
  const narrowEnough = () => pass !== null && fail !== null && fail - pass <= 1;
  let span = 1;
  let k = 0;
  while (!narrowEnough() && session.steps.length < budget) {
    const rate = rateAt(k);
    const phase = pass === null || fail === null ? "bracket" : "bisect";
    const step = await session.measureOrRetry(rate, phase, budget);
    const steeredPass = steered && step.sloMet;
    if (step.sloMet) pass = k;
    else {
      fail = k;
      hint = overloadedStep(step) ? indexOf(step.achievedPerSec) : null;
      if (rate <= minRatePerSec) break;
    }
    if (narrowEnough()) break;
    const steer = hint === null ? null : Math.floor(hint + 1e-9);
    hint = null;
    steered = false;
    if (fail === null) k = (pass as number) + UP_SPAN_FACTOR * span;
    else if (pass === null) {
      k = Math.min(fail - 1, steer ?? fail - span);
      steered = steer !== null && steer < fail;
    } else {
      const middle = pass + Math.max(1, Math.ceil((fail - pass) / 2));
      // A pass where an overload's delivered rate pointed is most likely the ceiling: test the grid step above it.
      if (steeredPass) k = pass + 1;
      else if (steer === null || steer <= pass) k = middle;
      else {
        k = Math.min(fail - 1, steer);
        steered = true;
      }
    }
    // 1, 2, 8, 32...: a probe far off (8x) is still bracketed within the step budget.
    span *= span >= 2 ? 4 : 2;
  }
  return { pass: pass === null ? null : rateAt(pass), fail: fail === null ? null : rateAt(fail) };
}
