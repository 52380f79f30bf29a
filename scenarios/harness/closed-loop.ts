/** Longest the closed loop refills in one event-loop turn before yielding. */
export const MAX_REFILL_NS = 5_000_000;

export interface ClosedLoopOptions {
  /** Operations to keep in flight. */
  inflight: number;
  /** Operations currently in flight. */
  outstandingOps: () => number;
  fire: (intendedNs: number) => void;
  /** Checked every turn with elapsed ns and operations fired so far. */
  shouldStop: (elapsedNs: number, fired: number) => boolean;
}

/** Closed-loop load: keeps `inflight` operations outstanding, refilling once per event-loop turn. */
export function runClosedLoop(options: ClosedLoopOptions): Promise<{ fired: number; elapsedMs: number }> {
  const startNs = Bun.nanoseconds();
  let fired = 0;
  return new Promise((resolve) => {
    const turn = () => {
      const turnStartNs = Bun.nanoseconds();
      if (options.shouldStop(turnStartNs - startNs, fired)) {
        resolve({ fired, elapsedMs: (turnStartNs - startNs) / 1e6 });
        return;
      }
      let room = options.inflight - options.outstandingOps();
      while (room-- > 0) {
        options.fire(Bun.nanoseconds());
        fired++;
        if ((fired & 15) === 0 && Bun.nanoseconds() - turnStartNs > MAX_REFILL_NS) break;
      }
      setImmediate(turn);
    };
    turn();
  });
}
