import type { LoadStep } from "../contract/result.ts";

/**
 * How far below the start a repetition may end before it counts as drifted (issue 35's threshold). A search's bracket
 * is 5% wide and a core's speed moves 7-16% a second under allocation-heavy code (docs/measurements.md), so a low end
 * probe is re-run once and the better reading counts.
 */
export const DRIFT_TOLERANCE = 0.15;

/** What to do about a drifted repetition: the same advice in messages, findings and docs. */
export const DRIFT_ADVICE =
  "not planned on: give the service a longer warm-up (warmupSeconds) so it reaches its steady state first, or run on a steadier host";

/** A rate that passed, then failed at least twice later at or below it, and where the search ended after it. */
export interface PassedThenFailed {
  passedPerSec: number;
  /** Load steps after the pass, at or below its rate, that failed. */
  failuresAfter: number;
  /** The ceiling the search confirmed, else the lowest rate it offered after the pass. */
  endedPerSec: number;
}

/** Evidence that the workload (or the host) slowed while one search ran: the reason a repetition is `drifted`. */
export interface SearchDrift {
  startProbePerSec: number;
  /** The closed-loop probe run again after the last load step (the better of two when re-run); null when none ran. */
  endProbePerSec: number | null;
  /** endProbePerSec is more than DRIFT_TOLERANCE below startProbePerSec. */
  probeFell: boolean;
  passedThenFailed: PassedThenFailed | null;
}

const SEARCH_PHASES: ReadonlySet<LoadStep["phase"]> = new Set(["bracket", "bisect", "confirm"]);

/**
 * Did the workload keep its speed through one ceiling search (steps as the search returns them: the probe first, the
 * end probes last)? Drifted when the end probe (the better of two when re-run) reads more than DRIFT_TOLERANCE below the first, or when a rate that
 * passed failed twice later (at or below it), the search ended and the end probe read more than DRIFT_TOLERANCE below
 * that rate. The
 * tolerance keeps a steady service at its knife edge (a marginal pass whose confirmation fails twice, then a fallback
 * one grid step lower passes) out. Null when steady, or when the steps are not a ceiling search.
 */
export function searchDrift(steps: readonly LoadStep[], ceilingPerSec: number | null): SearchDrift | null {
  const start = steps[0];
  if (start?.phase !== "probe") return null;
  const load = steps.filter((s) => SEARCH_PHASES.has(s.phase));
  if (load.length === 0) return null;
  // The end probes: the probe steps after the last load step (a low first reading is re-run once).
  const lastLoad = steps.findLastIndex((s) => SEARCH_PHASES.has(s.phase));
  const ends = steps.slice(lastLoad + 1).filter((s) => s.phase === "probe");
  const endPerSec = ends.length === 0 ? null : Math.max(...ends.map((s) => s.achievedPerSec));
  const startPerSec = start.achievedPerSec;
  const probeFell = endPerSec !== null && endPerSec < (1 - DRIFT_TOLERANCE) * startPerSec;
  const failed = worstPassThenFail(load, ceilingPerSec);
  // A noisy marginal pass is not drift when the end probe still carries that rate: the service kept its speed.
  const passedThenFailed =
    failed && (endPerSec === null || endPerSec < (1 - DRIFT_TOLERANCE) * failed.passedPerSec) ? failed : null;
  if (!probeFell && passedThenFailed === null) return null;
  return {
    startProbePerSec: startPerSec,
    endProbePerSec: endPerSec,
    probeFell,
    passedThenFailed,
  };
}

/** The highest passing rate that later failed twice at or below itself with the search ending well under it. */
function worstPassThenFail(load: readonly LoadStep[], ceilingPerSec: number | null): PassedThenFailed | null {
  let worst: PassedThenFailed | null = null;
  load.forEach((step, index) => {
    if (!step.sloMet) return;
    const rate = step.offeredPerSec;
    const later = load.slice(index + 1).filter((s) => !s.sloMet && s.offeredPerSec <= rate * (1 + 1e-9));
    if (later.length < 2) return;
    const endedPerSec = ceilingPerSec ?? Math.min(...later.map((s) => s.offeredPerSec));
    if (endedPerSec >= (1 - DRIFT_TOLERANCE) * rate) return;
    if (worst === null || rate > worst.passedPerSec)
      worst = { passedPerSec: rate, failuresAfter: later.length, endedPerSec };
  });
  return worst;
}

/** One line for notes and messages: both probes and the rate that passed then failed. */
export function describeSearchDrift(drift: SearchDrift): string {
  const rate = (perSec: number) => `${Math.round(perSec).toLocaleString("en-US")}/s`;
  const parts = [
    drift.endProbePerSec === null
      ? `closed-loop probe ${rate(drift.startProbePerSec)} at the start, none at the end`
      : `closed-loop probe ${rate(drift.startProbePerSec)} at the start, ${rate(drift.endProbePerSec)} at the end (${signedPercent(drift.endProbePerSec / drift.startProbePerSec - 1)})`,
  ];
  const failed = drift.passedThenFailed;
  if (failed)
    parts.push(
      `${rate(failed.passedPerSec)} passed, then failed ${failed.failuresAfter} times at or below it; the search ended at ${rate(failed.endedPerSec)}`,
    );
  return parts.join("; ");
}

const signedPercent = (value: number) => `${value >= 0 ? "+" : ""}${(value * 100).toFixed(0)}%`;
