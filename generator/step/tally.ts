import { LatencyHistogram } from "../../contract/latency-histogram.ts";
import { ERROR_CAUSES, type ErrorCause, type StepCauses } from "../../contract/step-causes.ts";
import type { WorkerFigures } from "./worker-figures.ts";

/** One worker's running figures during a step (ms on its clock; the step's start subtracted at the end). */
export class Tally {
  /** Answers by status (index), and those the request did not expect; failures by cause. */
  readonly statuses = new Uint32Array(1000);
  readonly failedStatuses = new Uint32Array(1000);
  readonly causes = Object.fromEntries(ERROR_CAUSES.map((cause) => [cause, 0])) as Record<ErrorCause, number>;
  readonly latency = new LatencyHistogram();
  readonly sendLag = new LatencyHistogram();
  /** Operations started and completed; completedInWindow counts those completed inside the rate window. */
  started = 0;
  completed = 0;
  completedInWindow = 0;
  /** Failed operations, and those sent later than the schedule allowed. */
  errors = 0;
  /** The watched response header's distinct values, from the module's settlement. */
  readonly headerValues = new Set<string>();
  late = 0;
  lastSendMs = 0;
  lastDoneMs = 0;
  turnaroundSumMs = 0;
  turnaroundCount = 0;
  serviceSumMs = 0;
  serviceCount = 0;
  retried = 0;

  recordLatency(ms: number): void {
    this.latency.recordMs(ms);
  }

  recordSendLag(ms: number): void {
    this.sendLag.recordMs(ms);
  }

  /** One settled operation by how it ended: its status (0: none), or else its cause. */
  recordOutcome(ok: boolean, status: number, cause: ErrorCause | null, retried: boolean): void {
    if (retried) this.retried++;
    if (status > 0 && status < 1000) {
      this.statuses[status] = (this.statuses[status] as number) + 1;
      if (!ok) this.failedStatuses[status] = (this.failedStatuses[status] as number) + 1;
    } else if (!ok) {
      // A module may name a cause of its own: it counts as other.
      const named = cause !== null && this.causes[cause] !== undefined ? cause : "other";
      this.causes[named]++;
    }
    if (!ok) this.errors++;
  }

  causesFigures(): StepCauses {
    const classes = new Array<number>(10).fill(0);
    const failedStatuses: Record<string, number> = {};
    for (let status = 100; status < 1000; status++) {
      const at = Math.floor(status / 100);
      classes[at] = (classes[at] as number) + (this.statuses[status] as number);
      const failed = this.failedStatuses[status] as number;
      if (failed > 0) failedStatuses[String(status)] = failed;
    }
    return {
      status2xx: classes[2] as number,
      status3xx: classes[3] as number,
      status4xx: classes[4] as number,
      status5xx: classes[5] as number,
      failedStatuses,
      ...this.causes,
      retried: this.retried,
    };
  }

  figures(startMs: number, planned: number | null): WorkerFigures {
    return {
      planned,
      started: this.started,
      completed: this.completed,
      completedInWindow: this.completedInWindow,
      errors: this.errors,
      late: this.late,
      lastSendMs: Math.max(0, this.lastSendMs - startMs),
      lastDoneMs: Math.max(0, this.lastDoneMs - startMs),
      latency: this.latency.encode(),
      sendLag: this.sendLag.encode(),
      turnaroundSumMs: this.turnaroundSumMs,
      turnaroundCount: this.turnaroundCount,
      serviceSumMs: this.serviceSumMs,
      serviceCount: this.serviceCount,
      causes: this.causesFigures(),
      headerValues: [...this.headerValues],
    };
  }
}
