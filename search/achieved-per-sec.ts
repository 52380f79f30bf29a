import type { RateWindow } from "./rate-window.ts";

/** achieved = operations completed inside the rate window (search/rate-window.ts) / its length; 0 when empty. */
export function achievedPerSec(completedInWindow: number, window: RateWindow): number {
  const seconds = (window.toMs - window.fromMs) / 1000;
  return seconds > 0 ? completedInWindow / seconds : 0;
}
