import type { CalibrationProblem, InstanceCheck } from "../results/cloud-run-calibration.ts";

/**
 * Counts the instance ids the revision returned in --instance-header, step by step: a step served by more than one
 * instance makes the calibration `multi-instance` (the ratio would be N instances'). Without the header, scale-out
 * is not checked, and the output says so.
 */
export class InstanceCounter {
  private mostInAStep = 0;
  private readonly ids = new Set<string>();
  private firstSeenAt: string | null = null;

  constructor(readonly header: string | null) {}

  /** One step's distinct ids (the generator's headerValues for the watched header). */
  add(stepLabel: string, values: readonly string[] | undefined): void {
    if (this.header === null || values === undefined) return;
    this.mostInAStep = Math.max(this.mostInAStep, values.length);
    const before = this.ids.size;
    for (const value of values) this.ids.add(value);
    if (before <= 1 && this.ids.size > 1 && this.firstSeenAt === null) this.firstSeenAt = stepLabel;
  }

  check(): InstanceCheck {
    return this.header === null
      ? { header: null, mostIdsInAStep: null, distinctIds: null }
      : { header: this.header, mostIdsInAStep: this.mostInAStep, distinctIds: this.ids.size };
  }

  /** multi-instance when more than one id answered; null otherwise. */
  problem(): CalibrationProblem | null {
    if (this.header === null || this.ids.size <= 1) return null;
    return {
      kind: "multi-instance",
      detail: `${this.ids.size} distinct ${this.header} values answered (up to ${this.mostInAStep} in one step; a second from the ${this.firstSeenAt ?? "?"} step): the ceiling is that of several instances. Pin the revision to one instance (docs/calibrate.md) and calibrate again`,
    };
  }

  /** What the output says about scale-out. */
  note(): string {
    if (this.header === null)
      return "scale-out was not checked: pass --instance-header with a handler that returns the instance id (docs/calibrate.md)";
    if (this.ids.size === 0)
      return `scale-out was not checked: no answer carried ${this.header} (does the handler set it?)`;
    if (this.ids.size === 1) return `one instance answered every step (${this.header})`;
    return `more than one instance answered (${this.ids.size} distinct ${this.header} values): multi-instance`;
  }
}
