/** Longest the closed loop refills in one event-loop turn before yielding. */
export const MAX_REFILL_NS = 5_000_000;
/** While every operation is in flight the loop sleeps; it still wakes this often to check shouldStop. */
export const PARKED_CHECK_MS = 10;

export interface ClosedLoopOptions {
  /** Operations to keep in flight. */
  inflight: number;
  /** Operations currently in flight. */
  outstandingOps: () => number;
  fire: (intendedNs: number) => void;
  /** Checked every turn with elapsed ns and operations fired so far. */
  shouldStop: (elapsedNs: number, fired: number) => boolean;
  /** Installs (or clears, with null) a callback run on each completion, so a full loop can sleep until one. */
  onCompletion: (wake: (() => void) | null) => void;
}

export interface ClosedLoopResult {
  fired: number;
  elapsedMs: number;
  turns: number;
  /** Time the loop's own scheduling took, fire() and wake-ups excluded (measured as the pacer's is). */
  generatorCpuSeconds: number;
}

/**
 * Closed-loop load: keeps `inflight` operations outstanding, refilling once per event-loop turn. When all are
 * in flight it sleeps until a completion (or PARKED_CHECK_MS) instead of spinning.
 */
export function runClosedLoop(options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const startNs = Bun.nanoseconds();
  let fired = 0;
  let turns = 0;
  let pacingNs = 0;
  let parkedTimer: ReturnType<typeof setTimeout> | null = null;
  return new Promise((resolve) => {
    const wake = () => {
      if (parkedTimer === null) return;
      clearTimeout(parkedTimer);
      parkedTimer = null;
      setImmediate(turn);
    };
    const turn = () => {
      turns++;
      const turnStartNs = Bun.nanoseconds();
      if (options.shouldStop(turnStartNs - startNs, fired)) {
        options.onCompletion(null);
        resolve({
          fired,
          elapsedMs: (turnStartNs - startNs) / 1e6,
          turns,
          generatorCpuSeconds: pacingNs / 1e9,
        });
        return;
      }
      let room = options.inflight - options.outstandingOps();
      // One clock read per 16 sends: a send's time is at most 15 sends early, and the clock is not free.
      let nowNs = turnStartNs;
      while (room-- > 0) {
        options.fire(nowNs);
        fired++;
        if ((fired & 15) === 0) {
          nowNs = Bun.nanoseconds();
          if (nowNs - turnStartNs > MAX_REFILL_NS) break;
        }
      }
      const scheduledNs = Bun.nanoseconds();
      if (options.outstandingOps() < options.inflight) setImmediate(turn);
      else parkedTimer = setTimeout(wake, PARKED_CHECK_MS);
      pacingNs += Bun.nanoseconds() - scheduledNs;
    };
    options.onCompletion(wake);
    turn();
  });
}
