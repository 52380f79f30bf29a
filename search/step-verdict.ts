import type { LoadStep } from "../contract/result.ts";

/** A step must deliver at least this share of the offered rate to pass. */
export const MIN_ACHIEVED_RATIO = 0.95;
/** A failing step that delivered less than this share of its offered rate was overloaded. */
export const OVERLOAD_DELIVERY_RATIO = 0.975;

/** In-process drain: wait for stragglers 5 x SLO, within 1..10 s. */
const IN_PROCESS_MIN_DRAIN_MS = 1_000;
const IN_PROCESS_MAX_DRAIN_MS = 10_000;
const IN_PROCESS_DRAIN_SLO_MULTIPLE = 5;
/** Server mode: late sends and slow requests are bounded by 10 x SLO, at least 1 s (no upper bound). */
const SERVER_MIN_DRAIN_MS = 1000;
const SERVER_MIN_REQUEST_TIMEOUT_MS = 1000;
const SERVER_DRAIN_SLO_MULTIPLE = 10;

export interface StepFigures {
  offeredPerSec: number;
  achievedPerSec: number;
  p99Ms: number;
  errors: number;
  lost: number;
  /** Intended operations the generator never sent (absent in stored v1 steps: 0). */
  dropped?: number;
}

/** The part of a step over which the achieved rate is counted, in ms from the step's start. */
export interface RateWindow {
  fromMs: number;
  toMs: number;
}

/**
 * The step verdict, independent of step length. A step of length T at rate r intends floor(r x T) operations,
 * operation i at start + i/r, and latency is measured from that intended time. The send window is T; achieved =
 * operations completed between start + SLO and start + T, divided by T - SLO (rateWindow): under capacity that is
 * the offered rate; overloaded, the backlog keeps the workload busy the whole window, so it is the workload's own
 * rate, however short T is (the drain never counts: it would credit the backlog). The bounds after T differ by mode
 * and never depend on T:
 * - in-process (the harness): an operation still unsent one SLO after T is `dropped`; the harness then waits for
 *   stragglers 5 x SLO, within 1..10 s (inProcessDrainMs), and what has not completed is `lost`;
 * - server mode (the generator): an operation still unsent 10 x SLO (at least 1 s) after T is `dropped`
 *   (serverDrainMs), and a request slower than 10 x SLO (at least 1 s) is a timeout error (serverRequestTimeoutMs);
 *   what never settled is `lost`.
 * A step passes when p99 <= SLO, and errors, lost and dropped are all 0, and achieved >= 95% of offered. The
 * ceiling a search reports is min(offered, achieved) of its confirming step (provenRatePerSec): an overload too
 * small for T to show in p99 is still capped at what the workload delivered.
 */
export function stepMeetsSlo(figures: StepFigures, sloP99Ms: number): boolean {
  return missedTerms(figures, sloP99Ms).length === 0;
}

/** The pass rule of stepMeetsSlo, in words, for messages that say no step met it. */
export function sloTerms(sloP99Ms: number): string {
  return `p99 ≤ ${sloP99Ms} ms, no errors, nothing lost or dropped, ≥ ${MIN_ACHIEVED_RATIO * 100}% of the rate delivered`;
}

/** The terms of the pass rule a step broke, in words, e.g. ["p99 312 ms", "91% of the rate delivered"]. */
export function missedTerms(figures: StepFigures, sloP99Ms: number): string[] {
  const missed: string[] = [];
  // Negated comparisons, so a NaN figure fails its term.
  if (!(figures.p99Ms <= sloP99Ms)) missed.push(`p99 ${Math.round(figures.p99Ms)} ms`);
  if (figures.errors !== 0) missed.push(`${figures.errors} errors`);
  if (figures.lost !== 0) missed.push(`${figures.lost} lost`);
  if ((figures.dropped ?? 0) !== 0) missed.push(`${figures.dropped} dropped`);
  if (!(figures.achievedPerSec >= MIN_ACHIEVED_RATIO * figures.offeredPerSec))
    missed.push(
      `${Math.floor((figures.achievedPerSec / figures.offeredPerSec) * 100)}% of the rate delivered`,
    );
  return missed;
}

/** Whether a stored load step passes a p99 SLO under the same rule; the closed-loop probe never does. */
export function stepPassesSlo(step: LoadStep, sloP99Ms: number): boolean {
  return step.phase !== "probe" && stepMeetsSlo({ ...step, p99Ms: step.latency.p99Ms }, sloP99Ms);
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

/** achieved = operations completed inside the rate window / its length; 0 when empty. */
export function achievedPerSec(completedInWindow: number, window: RateWindow): number {
  const seconds = (window.toMs - window.fromMs) / 1000;
  return seconds > 0 ? completedInWindow / seconds : 0;
}

/** The rate a passing step proves: what was both offered and delivered. */
export function provenRatePerSec(step: { offeredPerSec: number; achievedPerSec: number }): number {
  return Math.min(step.offeredPerSec, step.achievedPerSec);
}

/** The step delivered clearly less than it was offered: its achieved rate is about the workload's own rate. */
export function overloadedStep(step: Pick<LoadStep, "offeredPerSec" | "achievedPerSec">): boolean {
  return step.achievedPerSec > 0 && step.achievedPerSec < OVERLOAD_DELIVERY_RATIO * step.offeredPerSec;
}

/** In-process: the longest wait for stragglers after a step: 5 x SLO, within 1..10 s, never a function of T. */
export function inProcessDrainMs(sloP99Ms: number): number {
  return Math.min(
    IN_PROCESS_MAX_DRAIN_MS,
    Math.max(IN_PROCESS_MIN_DRAIN_MS, IN_PROCESS_DRAIN_SLO_MULTIPLE * sloP99Ms),
  );
}

/** Server mode: how long queued operations may still start after the send window before they count as dropped. */
export function serverDrainMs(sloP99Ms: number): number {
  return Math.max(SERVER_MIN_DRAIN_MS, SERVER_DRAIN_SLO_MULTIPLE * sloP99Ms);
}

/** Server mode: a request slower than this is a timeout (an error). */
export function serverRequestTimeoutMs(sloP99Ms: number): number {
  return Math.max(SERVER_MIN_REQUEST_TIMEOUT_MS, SERVER_DRAIN_SLO_MULTIPLE * sloP99Ms);
}
