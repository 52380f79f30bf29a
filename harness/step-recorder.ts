import { LatencyHistogram } from "../contract/latency-histogram.ts";
import { CoarseClock } from "./coarse-clock.ts";
import type { ScenarioLatency } from "./scenario-latency.ts";

/** One measured window: histograms and completion counts of operations fired inside it. */
export class StepWindow {
  readonly publish = new LatencyHistogram();
  readonly endToEnd = new LatencyHistogram();
  fired = 0;
  completions = 0;
  errors = 0;
  lastCompletionNs: number;
  /** Primary-kind completions between rateFromNs and rateToNs (search/rate-window.ts); set by an open step. */
  completionsInRateWindow = 0;
  rateFromNs = Number.POSITIVE_INFINITY;
  rateToNs = Number.NEGATIVE_INFINITY;
  /** Run on each primary-kind completion (the closed loop sleeps on it while every operation is in flight). */
  onCompletion: (() => void) | null = null;

  constructor(
    readonly startNs: number,
    readonly kind: ScenarioLatency,
    readonly completionsPerOp: number,
  ) {
    this.lastCompletionNs = startNs;
  }

  /** Completions still expected from operations fired in this window. */
  outstanding(): number {
    return Math.max(0, (this.fired - this.errors) * this.completionsPerOp - this.completions);
  }

  /** Primary-kind histogram (the one the SLO applies to). */
  primary(): LatencyHistogram {
    return this.kind === "publish" ? this.publish : this.endToEnd;
  }
}

/**
 * Routes completions to the current window; an operation intended before the window began is a late
 * arrival from an earlier step (already counted lost there) and is ignored.
 */
export class StepRecorder implements OpRecorder {
  current: StepWindow;
  lateArrivals = 0;
  private readonly clock = new CoarseClock();

  constructor(
    readonly kind: ScenarioLatency,
    public completionsPerOp: number,
  ) {
    this.current = new StepWindow(Bun.nanoseconds(), kind, completionsPerOp);
  }

  begin(): StepWindow {
    this.current = new StepWindow(Bun.nanoseconds(), this.kind, this.completionsPerOp);
    return this.current;
  }

  private complete(window: StepWindow, kind: ScenarioLatency, intendedNs: number): void {
    const now = this.clock.nowNs();
    (kind === "publish" ? window.publish : window.endToEnd).recordNanos(now - intendedNs);
    if (kind === this.kind) {
      window.completions++;
      window.lastCompletionNs = now;
      if (now >= window.rateFromNs && now < window.rateToNs) window.completionsInRateWindow++;
      if (window.onCompletion !== null) window.onCompletion();
    }
  }

  published(intendedNs: number): void {
    if (intendedNs < this.current.startNs) this.lateArrivals++;
    else this.complete(this.current, "publish", intendedNs);
  }

  delivered(intendedNs: number): void {
    if (intendedNs < this.current.startNs) this.lateArrivals++;
    else this.complete(this.current, "endToEnd", intendedNs);
  }

  failed(intendedNs: number, error: unknown): void {
    if (intendedNs < this.current.startNs) return;
    this.current.errors++;
    if (this.current.errors <= 3) console.error(`[harness] operation failed: ${String(error)}`);
  }
}

/** What a workload reports as each operation finishes; latency is measured from the intended send time. */
export interface OpRecorder {
  published(intendedNs: number): void;
  delivered(intendedNs: number): void;
  failed(intendedNs: number, error: unknown): void;
}
