/** The part of a step over which the achieved rate is counted, in ms from the step's start. */
export interface RateWindow {
  fromMs: number;
  toMs: number;
}

/**
 * Achieved counts completions from one SLO after the start (the pipeline has filled: an operation slower than
 * that fails the step anyway) to the end of the send window T; a step no longer than 2 x SLO uses its second
 * half. Under capacity that equals the offered rate; overloaded, the backlog keeps the workload busy through the
 * whole window, so it is the workload's own rate (its capacity) whatever T is; the drain after T never counts.
 */
export function rateWindow(stepMs: number, sloP99Ms: number): RateWindow {
  return { fromMs: Math.min(sloP99Ms, stepMs / 2), toMs: stepMs };
}
