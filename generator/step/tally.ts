import { encodeHistogram, newHistogram, recordMs } from "./histogram.ts";
import type { WorkerFigures } from "./worker-figures.ts";

/** One worker's running figures during a step (ms on its clock; the step's start subtracted at the end). */
export class Tally {
  started = 0;
  completed = 0;
  completedInWindow = 0;
  errors = 0;
  late = 0;
  lastSendMs = 0;
  lastDoneMs = 0;
  turnaroundSumMs = 0;
  turnaroundCount = 0;
  serviceSumMs = 0;
  serviceCount = 0;
  readonly latency = newHistogram();
  readonly sendLag = newHistogram();

  recordLatency(ms: number): void {
    recordMs(this.latency, ms);
  }

  recordSendLag(ms: number): void {
    recordMs(this.sendLag, ms);
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
      latency: encodeHistogram(this.latency),
      sendLag: encodeHistogram(this.sendLag),
      turnaroundSumMs: this.turnaroundSumMs,
      turnaroundCount: this.turnaroundCount,
      serviceSumMs: this.serviceSumMs,
      serviceCount: this.serviceCount,
    };
  }
}
