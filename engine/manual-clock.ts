import type { Clock } from "./clock.ts";

/** Guards tests against a timer that re-arms at or before now forever. */
const MAX_TIMERS_PER_ADVANCE = 100_000;

interface ManualTimer {
  id: number;
  dueMs: number;
  fn: () => void;
}

/** Deterministic clock for tests: time moves only through advance(ms). */
export class ManualClock implements Clock {
  private nowMs: number;
  private nextId = 1;
  private timers: ManualTimer[] = [];

  constructor(startMs = 1_700_000_000_000) {
    this.nowMs = startMs;
  }

  now(): number {
    return this.nowMs;
  }

  setTimeout(fn: () => void, ms: number): number {
    const timer = { id: this.nextId++, dueMs: this.nowMs + Math.max(0, ms), fn };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Number of armed timers (lets tests assert that nothing is timer-paced). */
  pendingTimers(): number {
    return this.timers.length;
  }

  /** Moves time forward, firing due timers in due order (each sees now() == its due time). */
  advance(ms: number): void {
    const targetMs = this.nowMs + ms;
    for (let fired = 0; ; fired++) {
      if (fired > MAX_TIMERS_PER_ADVANCE)
        throw new Error(
          `ManualClock.advance fired over ${MAX_TIMERS_PER_ADVANCE} timers: a timer keeps re-arming itself.`,
        );
      let next: ManualTimer | undefined;
      for (const t of this.timers) if (t.dueMs <= targetMs && (!next || t.dueMs < next.dueMs)) next = t;
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.nowMs = Math.max(this.nowMs, next.dueMs);
      next.fn();
    }
    this.nowMs = targetMs;
  }
}
