/** Longest the pacer sends in one event-loop turn before yielding, so timers and I/O still run. */
export const MAX_BURST_NS = 5_000_000;

export interface OpenLoopOptions {
  ratePerSec: number;
  durationMs: number;
  /** Called once per operation with its intended send time (Bun.nanoseconds clock). */
  fire: (intendedNs: number) => void;
}

/**
 * Fixed-arrival-rate load: operation i is intended at start + i/rate. The pacer fires everything that is due
 * each turn (catching up in bursts after a stall), so latency measured from the intended time includes the
 * stall instead of hiding it (no coordinated omission).
 */
export function runOpenLoop(options: OpenLoopOptions): Promise<{ fired: number; sendMs: number }> {
  const { ratePerSec, durationMs, fire } = options;
  const intervalNs = 1e9 / ratePerSec;
  const total = Math.max(1, Math.floor((ratePerSec * durationMs) / 1000));
  const startNs = Bun.nanoseconds();
  let sent = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const turnStartNs = Bun.nanoseconds();
      const due = Math.min(total, Math.floor((turnStartNs - startNs) / intervalNs) + 1);
      while (sent < due) {
        fire(startNs + sent * intervalNs);
        sent++;
        if ((sent & 15) === 0 && Bun.nanoseconds() - turnStartNs > MAX_BURST_NS) break;
      }
      if (sent >= total) {
        resolve({ fired: sent, sendMs: (Bun.nanoseconds() - startNs) / 1e6 });
        return;
      }
      const waitMs = (startNs + sent * intervalNs - Bun.nanoseconds()) / 1e6;
      if (waitMs >= 1) setTimeout(tick, Math.floor(waitMs));
      else setImmediate(tick);
    };
    tick();
  });
}
