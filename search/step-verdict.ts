/** A step must deliver at least this share of the offered rate to pass. */
export const MIN_ACHIEVED_RATIO = 0.95;

export interface StepFigures {
  offeredPerSec: number;
  achievedPerSec: number;
  p99Ms: number;
  errors: number;
  lost: number;
  /** Intended operations the generator never sent (absent in stored v1 steps: 0). */
  dropped?: number;
}

/**
 * The step verdict, independent of step length. A step of length T at rate r intends floor(r x T) operations,
 * operation i at start + i/r, and latency is measured from that intended time. The send window is T: an
 * operation still unsent when T plus one SLO has passed is `dropped` (a dropped iteration: its latency would
 * already be over the SLO). After the window the harness drains for a bounded time that does not depend on T
 * (5 x SLO, between 1 s and 10 s); what has not completed then is `lost`. achieved = operations completed
 * between start + SLO and start + T, divided by T - SLO (search/rate-window.ts): under capacity that is the
 * offered rate; overloaded, the backlog keeps the workload busy the whole window, so it is the workload's own
 * rate, however short T is (the drain never counts: it would credit the backlog). A step passes when
 * p99 <= SLO, and errors, lost and dropped are all 0, and achieved >= 95% of offered. The ceiling a search
 * reports is min(offered, achieved) of its confirming step: an overload too small for T to show in p99 is
 * still capped at what the workload delivered.
 */
export function stepMeetsSlo(figures: StepFigures, sloP99Ms: number): boolean {
  return (
    figures.p99Ms <= sloP99Ms &&
    figures.errors === 0 &&
    figures.lost === 0 &&
    (figures.dropped ?? 0) === 0 &&
    figures.achievedPerSec >= MIN_ACHIEVED_RATIO * figures.offeredPerSec
  );
}
