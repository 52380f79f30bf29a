import type { Ceiling, LoadStep } from "../contract/result.ts";
import { exhaustiveSweepSeconds } from "./exhaustive-sweep-seconds.ts";
import { findKnee } from "./find-knee.ts";
import { describeSearchDrift, type SearchDrift, searchDrift } from "./search-drift.ts";
import { overloadedStep, provenRatePerSec } from "./step-verdict.ts";

export interface CeilingSearchOptions {
  /** Closed-loop probe: its achievedPerSec estimates the maximum. Run again after the last step (the end probe). */
  probe: () => Promise<LoadStep>;
  /** One fixed-arrival-rate step; its sloMet decides pass/fail. */
  runStep: (offeredPerSec: number, phase: SearchPhase) => Promise<LoadStep>;
  /** Stop bisecting when (fail - pass) / pass <= resolution. */
  resolution?: number;
  /** Hard cap on steps, probe included, so a cell finishes in predictable time; the end probe (one more) is not. */
  maxSteps?: number;
  /** The first open-loop step as a fraction of the probe's estimate. */
  startFraction?: number;
  /** Never offer less than this. */
  minRatePerSec?: number;
  /** Re-runs of a failed step allowed per search (see CEILING_SEARCH_DEFAULTS.maxRetries). */
  maxRetries?: number;
}

export interface CeilingSearchResult {
  steps: LoadStep[];
  ceiling: Ceiling;
  notes: string[];
  /** The workload (or host) slowed while the search ran (search/search-drift.ts): null when it held its speed. */
  drift: SearchDrift | null;
}

export const CEILING_SEARCH_DEFAULTS = {
  resolution: 0.05,
  maxSteps: 14,
  /** At the probe: measured open-loop ceilings sat at 0.94-1.13 x the closed-loop maximum. */
  startFraction: 1,
  minRatePerSec: 1,
  /** Steps kept back for the confirmation, its re-run and one fallback (fewer when maxSteps is small). */
  confirmReserve: 3,
  /**
   * A failed step that contradicts what the search already saw is re-run once: a bracket step more than
   * contradictMargin below the rate the closed-loop probe reached, or a confirmation of a rate that passed (a host stall is not a ceiling; without
   * this, one stalled step caps the whole search). A bisect failure contradicts nothing and stands. At most
   * this many re-runs per search; they use the step budget and count in the search's cost.
   */
  maxRetries: 2,
  /** Within it a failure below the probe is noise or an SLO that binds first, not a stall (three resolutions). */
  contradictMargin: 0.15,
} as const;

/**
 * Probe, gallop from startFraction x the probe's estimate (1 by default: at the estimate), bisect to the resolution,
 * confirm (falling back to rates that passed earlier), then probe again to check the workload kept its speed: a pure
 * function of its callbacks.
 */
export async function ceilingSearch(options: CeilingSearchOptions): Promise<CeilingSearchResult> {
  const settings = { ...CEILING_SEARCH_DEFAULTS, ...stripUndefined(options) };
  const { resolution, maxSteps, minRatePerSec } = settings;
  const probe = await options.probe();
  const session = new SearchSession(
    options.runStep,
    probe,
    probe.achievedPerSec * (1 - settings.contradictMargin),
    settings.maxRetries,
  );
  session.steps.push(probe);
  const estimate = Math.max(minRatePerSec, probe.achievedPerSec);
  // Small budgets keep at least probe + two search steps + one confirmation.
  const reserve = Math.max(1, Math.min(settings.confirmReserve, maxSteps - 3));
  const bracket = await narrowBracket(session, {
    estimatePerSec: estimate,
    startFraction: settings.startFraction,
    resolution,
    minRatePerSec,
    budget: maxSteps - reserve,
  });
  let fail = bracket.fail;
  if (bracket.pass !== null && fail !== null && (fail - bracket.pass) / bracket.pass > resolution + 1e-9)
    session.notes.push(
      `step budget (${maxSteps}) ran out before the ${resolution * 100}% resolution was reached`,
    );

  let ceilingPerSec: number | null = null;
  if (bracket.pass !== null) {
    const { confirm, failedBelow } = await confirmCeiling(session, {
      pass: bracket.pass,
      maxSteps,
      minRatePerSec,
      resolution,
    });
    if (failedBelow !== null) fail = Math.min(fail ?? failedBelow, failedBelow);
    // Never above what the confirming step delivered.
    if (confirm) ceilingPerSec = provenRatePerSec(confirm);
  }
  // The same closed-loop step again: a service or host that slowed during the search shows it here. One low reading
  // alone is re-run once (a core's speed moves 7-16% a second under allocation-heavy code: docs/measurements.md).
  session.steps.push(await options.probe());
  const first = searchDrift(session.steps, ceilingPerSec);
  if (first?.probeFell && first.passedThenFailed === null) {
    session.notes.push(
      `end probe read ${Math.round(first.endProbePerSec ?? 0)}/s against ${Math.round(first.startProbePerSec)}/s at the start: re-run once`,
    );
    session.steps.push(await options.probe());
  }
  const notes = session.notes;
  if (bracket.pass === null) notes.push("no offered rate met the SLO, down to the minimum rate tried");
  else if (ceilingPerSec === null)
    notes.push("no confirmation step met the SLO: the ceiling is unconfirmed (null)");
  if (ceilingPerSec !== null && fail === null)
    notes.push("no offered rate failed: the ceiling is a lower bound");

  const steps = session.steps;
  const drift = searchDrift(steps, ceilingPerSec);
  if (drift) notes.push(`drifted: ${describeSearchDrift(drift)}`);
  const reached =
    ceilingPerSec !== null && fail !== null ? (fail - ceilingPerSec) / ceilingPerSec : resolution;
  const lowestOffered = Math.min(...steps.filter((s) => s.phase !== "probe").map((s) => s.offeredPerSec));
  const reference =
    ceilingPerSec ?? bracket.pass ?? (Number.isFinite(lowestOffered) ? lowestOffered : estimate);
  return {
    steps,
    notes,
    drift,
    ceiling: {
      ceilingPerSec,
      kneePerSec: findKnee(steps),
      closedLoopMaxPerSec: probe.achievedPerSec,
      resolution: Math.max(reached, 1e-9),
      searchSeconds: steps.reduce((sum, step) => sum + step.durationMs / 1000, 0),
      exhaustiveSweepSeconds: exhaustiveSweepSeconds(steps, resolution, reference),
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

export type SearchPhase = "bracket" | "bisect" | "confirm";

/** The steps a ceiling search has run, its notes and its re-runs: shared by its phases. */
export class SearchSession {
  readonly steps: LoadStep[] = [];
  readonly notes: string[] = [];
  private retries = 0;

  constructor(
    private readonly runStep: (offeredPerSec: number, phase: SearchPhase) => Promise<LoadStep>,
    /** The closed-loop probe. */
    readonly probe: LoadStep,
    /** A bracket failure below this rate contradicts the probe (it is below it by more than noise). */
    readonly contradictsBelowPerSec: number,
    private readonly maxRetries: number,
  ) {}

  async measure(rate: number, phase: SearchPhase): Promise<LoadStep> {
    const step = await this.runStep(rate, phase);
    this.steps.push(step);
    return step;
  }

  /**
   * One step, re-run once when its failure contradicts earlier evidence, while re-runs last and the re-run still
   * fits under `budget` steps: a confirmation of a rate that passed earlier that delivered what it was offered (not
   * an overload, not a step-down guess); a bracket step well below the probe's rate; a
   * bracket step at or below the probe's rate that delivered all it was offered and missed only the latency, when
   * the probe itself met the SLO, or that delivered well under what the probe delivered (a stall, not a ceiling).
   */
  async measureOrRetry(rate: number, phase: SearchPhase, budget: number): Promise<LoadStep> {
    const first = await this.measure(rate, phase);
    // The last re-run is kept for the confirmation.
    const allowed = phase === "confirm" ? this.maxRetries : this.maxRetries - 1;
    if (first.sloMet || this.retries >= allowed || this.steps.length >= budget) return first;
    const why = this.contradiction(first, phase);
    if (why === null) return first;
    this.retries++;
    this.notes.push(
      `${phase} step at ${rate.toFixed(1)}/s failed ${why}: re-run once (${this.retries} of ${this.maxRetries})`,
    );
    return this.measure(rate, phase);
  }

  private contradiction(step: LoadStep, phase: SearchPhase): string | null {
    // An overloaded confirmation is the workload's answer (its capacity fell), not a stall: re-running it rarely passed.
    if (phase === "confirm")
      return this.passedRates().includes(step.offeredPerSec) && !overloadedStep(step)
        ? "a rate that passed"
        : null;
    if (phase !== "bracket") return null;
    const rate = step.offeredPerSec;
    if (rate < this.contradictsBelowPerSec)
      return `below ${this.contradictsBelowPerSec.toFixed(1)}/s, well under the probe's rate`;
    if (rate > this.probe.achievedPerSec) return null;
    if (!overloadedStep(step))
      return this.probe.sloMet
        ? `on latency alone at or below the probe's ${this.probe.achievedPerSec.toFixed(1)}/s, which met the SLO`
        : null;
    // The same process had just delivered the probe's rate: delivering far less at or below it is a stall.
    if (step.achievedPerSec < this.contradictsBelowPerSec)
      return `delivering ${step.achievedPerSec.toFixed(1)}/s, well under the ${this.probe.achievedPerSec.toFixed(1)}/s the probe delivered`;
    return null;
  }

  /** Rates of load steps that met the SLO, highest first, each once. */
  passedRates(): number[] {
    const rates = this.steps.filter((s) => s.phase !== "probe" && s.sloMet).map((s) => s.offeredPerSec);
    return [...new Set(rates)].sort((a, b) => b - a);
  }
}

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
 * the next step, once: a steered step that fails steers nothing, so a workload failing at every rate (losing a share
 * of what it is offered) gallops down instead of creeping by its delivered share. It never bounds the ceiling: under overload a
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
      hint = overloadedStep(step) && !steered ? indexOf(step.achievedPerSec) : null;
      if (rate <= minRatePerSec) break;
    }
    if (narrowEnough()) break;
    const steer: number | null = hint === null ? null : Math.floor(hint + 1e-9);
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

export interface ConfirmOptions {
  /** The best passing rate the bracket found. */
  pass: number;
  maxSteps: number;
  minRatePerSec: number;
  resolution: number;
}

/**
 * Re-run the best passing rate; a failure is re-run once (see SearchSession.measureOrRetry) while a step is left
 * after the re-run. When it still fails, fall back to the highest lower rate that already passed (evidence, not a
 * guess). Only when that rate is more than two resolution steps lower, and two steps are left, is a step down of
 * one resolution step tried first. What an overloaded confirmation delivered is no guide: under overload a workload
 * can deliver far less than it sustains just below. A step-down rate never passed, so its failure gets no re-run.
 * Returns the confirming step (null when the budget ran out first) and the lowest candidate that failed.
 */
export async function confirmCeiling(
  session: SearchSession,
  options: ConfirmOptions,
): Promise<{ confirm: LoadStep | null; failedBelow: number | null }> {
  const { maxSteps, minRatePerSec, resolution } = options;
  const unit = 1 + resolution;
  const passed = session.passedRates().filter((rate) => rate < options.pass);
  let candidate = options.pass;
  let failedBelow: number | null = null;
  while (candidate >= minRatePerSec && session.steps.length < maxSteps) {
    // A re-run only when a step is left after it for the fallback.
    const step = await session.measureOrRetry(candidate, "confirm", maxSteps - 1);
    if (step.sloMet) return { confirm: step, failedBelow };
    failedBelow = candidate;
    const earlier = passed.find((rate) => rate < candidate);
    const down = candidate / unit;
    const left = maxSteps - session.steps.length;
    const useEarlier =
      earlier !== undefined &&
      (earlier * unit * unit >= candidate * (1 - 1e-9) || earlier * unit >= down || left < 2);
    const next = useEarlier ? (earlier as number) : down;
    session.notes.push(
      useEarlier
        ? `confirmation at ${candidate.toFixed(1)}/s failed; falling back to ${next.toFixed(1)}/s, which passed earlier`
        : `confirmation at ${candidate.toFixed(1)}/s failed; stepping down to ${next.toFixed(1)}/s (one resolution step)`,
    );
    candidate = next;
  }
  return { confirm: null, failedBelow };
}
