import type { Ceiling, LoadStep } from "../contract/result.ts";
import { confirmCeiling } from "./confirm-ceiling.ts";
import { exhaustiveSweepSeconds } from "./exhaustive-sweep-seconds.ts";
import { findKnee } from "./find-knee.ts";
import { narrowBracket } from "./narrow-bracket.ts";
import { provenRatePerSec } from "./proven-rate-per-sec.ts";
import { describeSearchDrift, type SearchDrift, searchDrift } from "./search-drift.ts";
import { type SearchPhase, SearchSession } from "./search-session.ts";

export type { SearchPhase } from "./search-session.ts";

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
 * Probe, gallop from just under the probe's estimate, bisect to the resolution, confirm (falling back to rates
 * that passed earlier), then probe again to check the workload kept its speed: a pure function of its callbacks.
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
