import type { Ceiling, LoadStep } from "../contract/result.ts";
import { findKnee } from "./find-knee.ts";
import { provenRatePerSec } from "./proven-rate-per-sec.ts";

export type SearchPhase = "bracket" | "bisect" | "confirm";

export interface CeilingSearchOptions {
  /** Closed-loop probe: its achievedPerSec estimates the maximum. */
  probe: () => Promise<LoadStep>;
  /** One fixed-arrival-rate step; its sloMet decides pass/fail. */
  runStep: (offeredPerSec: number, phase: SearchPhase) => Promise<LoadStep>;
  /** Stop bisecting when (fail - pass) / pass <= resolution. */
  resolution?: number;
  /** Hard cap on steps, probe included, so a cell finishes in predictable time. */
  maxSteps?: number;
  /** Bracket steps as fractions of the probe (the seed plan's 50/75/90/100/110%). */
  bracketFractions?: readonly number[];
  /** Never offer less than this. */
  minRatePerSec?: number;
  /** Re-runs of a failed step allowed per search (see CEILING_SEARCH_DEFAULTS.maxRetries). */
  maxRetries?: number;
}

export interface CeilingSearchResult {
  steps: LoadStep[];
  ceiling: Ceiling;
  notes: string[];
}

export const CEILING_SEARCH_DEFAULTS = {
  resolution: 0.05,
  maxSteps: 14,
  bracketFractions: [0.5, 0.75, 0.9, 1.0, 1.1],
  minRatePerSec: 1,
  /** Steps kept back for the confirmation (and one step down). */
  confirmReserve: 2,
  /** Each failed confirmation steps down by this factor. */
  stepDownFactor: 0.9,
  /**
   * A failed step that contradicts what the search already saw is re-run once: a bracket step below the rate
   * the closed-loop probe reached, or a confirmation of a rate that passed (a host stall is not a ceiling; without
   * this, one stalled bracket step caps the whole search). A bisect failure contradicts nothing and stands. At most
   * this many re-runs per search; they use the step budget and count in the search's cost.
   */
  maxRetries: 2,
} as const;

/**
 * The cost of the sweep this search replaces: fixed steps of width resolution x reference rate across the range
 * the search explored, plus the same probe: probeSeconds + (ceil((maxOffered - minOffered) / (resolution x
 * reference)) + 1) x meanStepSeconds. For a 50%..110% bracket at 5% that is 13 steps.
 */
export function exhaustiveSweepSeconds(
  steps: readonly LoadStep[],
  resolution: number,
  referencePerSec: number,
): number {
  const probeSeconds = steps
    .filter((s) => s.phase === "probe")
    .reduce((sum, s) => sum + s.durationMs / 1000, 0);
  const load = steps.filter((s) => s.phase !== "probe");
  if (load.length === 0 || referencePerSec <= 0) return probeSeconds;
  const rates = load.map((s) => s.offeredPerSec);
  const meanStepSeconds = load.reduce((sum, s) => sum + s.durationMs / 1000, 0) / load.length;
  const count =
    Math.ceil((Math.max(...rates) - Math.min(...rates)) / (resolution * referencePerSec) - 1e-9) + 1;
  return probeSeconds + count * meanStepSeconds;
}

/** Probe, bracket, expand (double/halve), bisect to the resolution, then confirm: a pure function of its callbacks. */
export async function ceilingSearch(options: CeilingSearchOptions): Promise<CeilingSearchResult> {
  const settings = { ...CEILING_SEARCH_DEFAULTS, ...stripUndefined(options) };
  const { resolution, maxSteps, minRatePerSec, confirmReserve, stepDownFactor, maxRetries } = settings;
  const steps: LoadStep[] = [];
  const notes: string[] = [];
  const probe = await options.probe();
  steps.push(probe);
  const estimate = Math.max(minRatePerSec, probe.achievedPerSec);
  const searchBudget = maxSteps - confirmReserve;
  let pass: number | null = null;
  let fail: number | null = null;
  const measure = async (rate: number, phase: SearchPhase) => {
    const step = await options.runStep(rate, phase);
    steps.push(step);
    return step;
  };
  let retries = 0;
  const contradicts = (rate: number, phase: SearchPhase) =>
    phase === "confirm" || (phase === "bracket" && rate < probe.achievedPerSec);
  /** One step, re-run once if its failure contradicts earlier evidence, while re-runs and the budget last. */
  const measureOrRetry = async (rate: number, phase: SearchPhase, budget: number) => {
    const first = await measure(rate, phase);
    if (first.sloMet || !contradicts(rate, phase) || retries >= maxRetries || steps.length >= budget)
      return first;
    retries++;
    const why =
      phase === "confirm" ? "a rate that passed" : `below the probe's ${probe.achievedPerSec.toFixed(1)}/s`;
    notes.push(
      `${phase} step at ${rate.toFixed(1)}/s failed ${why}: re-run once (${retries} of ${maxRetries})`,
    );
    return measure(rate, phase);
  };
  const run = async (rate: number, phase: SearchPhase) =>
    (await measureOrRetry(rate, phase, searchBudget)).sloMet;

  for (const fraction of settings.bracketFractions) {
    if (steps.length >= searchBudget) break;
    const rate = Math.max(minRatePerSec, estimate * fraction);
    if (await run(rate, "bracket")) pass = rate;
    else {
      fail = rate;
      break;
    }
  }
  while (fail === null && pass !== null && steps.length < searchBudget) {
    if (await run(pass * 2, "bracket")) pass *= 2;
    else fail = pass * 2;
  }
  while (pass === null && fail !== null && fail / 2 >= minRatePerSec && steps.length < searchBudget) {
    if (await run(fail / 2, "bracket")) pass = fail / 2;
    else fail /= 2;
  }
  while (pass !== null && fail !== null && (fail - pass) / pass > resolution && steps.length < searchBudget) {
    const mid = (pass + fail) / 2;
    if (await run(mid, "bisect")) pass = mid;
    else fail = mid;
  }
  if (pass !== null && fail !== null && (fail - pass) / pass > resolution) {
    notes.push(`step budget (${maxSteps}) ran out before the ${resolution * 100}% resolution was reached`);
  }

  let ceilingPerSec: number | null = null;
  let candidate = pass;
  while (candidate !== null && candidate >= minRatePerSec && steps.length < maxSteps) {
    // A confirmation re-run leaves one step for the step-down.
    const confirm = await measureOrRetry(candidate, "confirm", maxSteps - 1);
    if (confirm.sloMet) {
      // Never above what the confirming step delivered.
      ceilingPerSec = provenRatePerSec(confirm);
      break;
    }
    notes.push(`confirmation at ${candidate.toFixed(1)}/s failed; stepping down`);
    fail = Math.min(fail ?? candidate, candidate);
    candidate *= stepDownFactor;
  }
  if (pass === null) notes.push("no offered rate met the SLO, down to the minimum rate tried");
  else if (ceilingPerSec === null)
    notes.push("no confirmation step met the SLO: the ceiling is unconfirmed (null)");
  if (ceilingPerSec !== null && fail === null)
    notes.push("no offered rate failed: the ceiling is a lower bound");

  const reached =
    ceilingPerSec !== null && fail !== null ? (fail - ceilingPerSec) / ceilingPerSec : resolution;
  const reference = ceilingPerSec ?? pass ?? estimate;
  return {
    steps,
    notes,
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
