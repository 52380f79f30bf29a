/** Longest the pacer sends in one event-loop turn before yielding, so timers and I/O still run. */
export const MAX_BURST_NS = 5_000_000;
/** Shortest sleep: timers have ~1 ms granularity, and latency from the intended time covers the slack. */
export const MIN_SLEEP_MS = 1;

/**
 * Fixed-arrival-rate schedule, on any clock (ns for the harness, ms for the generator): operation i is intended at
 * start + i / rate, whatever happened before it, so latency measured from it includes stalls (no coordinated
 * omission). The harness's open loop and the generator's workers both pace by it.
 */
export class ArrivalSchedule {
  /** Clock units between two intended operations. */
  readonly interval: number;

  constructor(
    readonly start: number,
    ratePerSec: number,
    unitsPerSecond: number,
  ) {
    this.interval = unitsPerSecond / ratePerSec;
  }

  intendedAt(index: number): number {
    return this.start + index * this.interval;
  }

  /** How many operations are due at `now` (intended at or before it), at most `limit`. */
  dueBy(now: number, limit: number): number {
    return Math.min(limit, Math.floor((now - this.start) / this.interval) + 1);
  }
}

export interface OpenLoopOptions {
  ratePerSec: number;
  durationMs: number;
  /** An operation still unsent this long after the send window closed is dropped instead of sent. */
  lateLimitMs: number;
  /** Called once per operation with its intended send time (Bun.nanoseconds clock). */
  fire: (intendedNs: number) => void;
  /** When operation 0 is intended (Bun.nanoseconds clock); now by default. */
  startNs?: number;
  /**
   * At most this many operations outstanding (a client's connection pool, Cloud Run's concurrency): a due
   * operation beyond it waits on the generator's side, and its latency still counts from its intended time.
   */
  maxInflight?: number;
  /** Operations outstanding now (required with maxInflight). */
  outstandingOps?: () => number;
  /** Installs (or clears, with null) a callback run on each completion, so a full pacer can sleep until one. */
  onCompletion?: (wake: (() => void) | null) => void;
}

export interface OpenLoopResult {
  /** Operations the step intended: floor(rate x duration), at least 1. */
  intended: number;
  fired: number;
  /** Intended but never sent: still unsent lateLimitMs after the window closed (a load generator's dropped iterations). */
  dropped: number;
  sendMs: number;
  /** Event-loop turns the pacer took: about one per due batch, never a spin while nothing is due. */
  turns: number;
  /**
   * Time the pacer's own scheduling took, fire() and timer wake-ups excluded: the wall time of a short span that
   * never blocks, so about its CPU. Reading the thread's CPU clock twice a turn cost ~10% of the engine's CPU.
   */
  generatorCpuSeconds: number;
  /** Largest delay between an operation's intended time and the turn that sent it (timer slack, stalls). */
  maxLateMs: number;
}

/**
 * Fixed-arrival-rate load: operation i is intended at start + i/rate. The pacer fires everything that is due
 * each turn (catching up in bursts after a stall) up to maxInflight outstanding, so latency measured from the
 * intended time includes the stall instead of hiding it (no coordinated omission). Between due times it sleeps on
 * a timer: idle costs nearly nothing. While operations are overdue it yields without sleeping, or, when maxInflight
 * are outstanding, sleeps until a completion. Overdue work waits here as an index, not as objects in the
 * workload's heap: an unbounded in-process backlog made the engine's GC eat its own CPU quota (a 1 vCPU cell
 * passed 1.5M msg/s, then collapsed to 1.0M delivered at the same rate after one overloaded step).
 */
export function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { ratePerSec, durationMs, fire } = options;
  const intended = Math.max(1, Math.floor((ratePerSec * durationMs) / 1000));
  const startNs = options.startNs ?? Bun.nanoseconds();
  const schedule = new ArrivalSchedule(startNs, ratePerSec, 1e9);
  const giveUpNs = startNs + (durationMs + options.lateLimitMs) * 1e6;
  let sent = 0;
  let turns = 0;
  let pacingNs = 0;
  let maxLateNs = 0;
  const maxInflight = options.maxInflight ?? Number.POSITIVE_INFINITY;
  const outstanding = options.outstandingOps ?? (() => 0);
  let parked: ReturnType<typeof setTimeout> | null = null;
  return new Promise((resolve) => {
    const wake = () => {
      if (parked === null || outstanding() >= maxInflight) return;
      clearTimeout(parked);
      parked = null;
      setImmediate(tick);
    };
    options.onCompletion?.(wake);
    const tick = () => {
      parked = null;
      turns++;
      const turnStartNs = Bun.nanoseconds();
      const due = schedule.dueBy(turnStartNs, intended);
      if (sent < due) maxLateNs = Math.max(maxLateNs, turnStartNs - schedule.intendedAt(sent));
      let room = maxInflight - outstanding();
      while (sent < due && room-- > 0) {
        fire(schedule.intendedAt(sent));
        sent++;
        if ((sent & 15) === 0 && Bun.nanoseconds() - turnStartNs > MAX_BURST_NS) break;
      }
      const nowNs = Bun.nanoseconds();
      if (sent >= intended || nowNs >= giveUpNs) {
        options.onCompletion?.(null);
        resolve({
          intended,
          fired: sent,
          dropped: intended - sent,
          sendMs: (nowNs - startNs) / 1e6,
          turns,
          generatorCpuSeconds: (pacingNs + Bun.nanoseconds() - nowNs) / 1e9,
          maxLateMs: maxLateNs / 1e6,
        });
        return;
      }
      const waitMs = (schedule.intendedAt(sent) - nowNs) / 1e6;
      // Full: a completion wakes it (the timer only bounds the wait).
      if (waitMs <= 0 && outstanding() >= maxInflight) parked = setTimeout(tick, MIN_SLEEP_MS);
      else if (waitMs <= 0) setImmediate(tick);
      else setTimeout(tick, Math.max(MIN_SLEEP_MS, Math.ceil(waitMs)));
      pacingNs += Bun.nanoseconds() - nowNs;
    };
    tick();
  });
}
