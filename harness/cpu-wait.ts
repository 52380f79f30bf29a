import { type ContentionCounters, contentionSince, describeContention } from "./step-contention.ts";

/**
 * Measured phases so far: their length, and how long the JS thread waited for a CPU beyond the cgroup's own
 * throttling (a throttled thread counts as waiting too): CPU other processes on the host took. Null: unknown.
 */
export class CpuWait {
  measuredSeconds = 0;
  waitedSeconds: number | null = 0;

  /** Adds a measured phase's run-queue wait; returns the text for its stderr line. */
  note(before: ContentionCounters, seconds: number): string {
    const delta = contentionSince(before);
    this.measuredSeconds += seconds;
    const waited =
      delta.mainRunQueueWaitSeconds === null
        ? null
        : Math.max(0, delta.mainRunQueueWaitSeconds - (delta.throttledSeconds ?? 0));
    this.waitedSeconds = waited === null || this.waitedSeconds === null ? null : this.waitedSeconds + waited;
    return describeContention(delta);
  }
}
