import { type DriverRates, instancesFor, type ScalingDriver, type ScalingSetting } from "./autoscaler.ts";
import { requestBusyShare } from "./busy-share.ts";

/**
 * The day plan's model of Cloud Run's autoscaler, minute by minute for one size: instances wanted (on the last
 * minute's average), idle retention, start-up delay, cold-start exposure, the queue above max-instances, overload,
 * and the billed seconds of each mode. Pure arithmetic.
 */
const SECONDS_PER_MINUTE = 60;
/** Above max-instances requests wait up to about 10 s for a free instance, then get a 429 (about-instance-autoscaling). */
export const MAX_QUEUE_SECONDS = 10;

/** One size as the model sees it. */
export interface DaySize {
  cpus: number;
  memoryBytes: number;
  smol: boolean;
  concurrency: number;
  ceilingPerSec: number;
  /** Each driver's per-instance rate (autoscaler.ts). */
  rates: DriverRates;
  p50Ms: number | null;
  startupMs: number | null;
  /** Response bytes per request (what leaves as egress); null when not measured. */
  egressBytesPerRequest: number | null;
}

export interface ScalingSettings {
  scaling: ScalingSetting;
  minInstances: number;
  maxInstances: number;
  idleMinutes: number;
}

/** Totals over one period of the profile, and per-minute series for the chart. */
export interface DaySimulation {
  instanceMinutes: number;
  peakInstances: number;
  coldStarts: number;
  exposedRequests: number;
  exposedMinutes: number;
  overloadMinutes: number;
  requests: number;
  /** Requests that waited in the queue above max-instances (up to MAX_QUEUE_SECONDS), and those then refused (429). */
  queuedRequests: number;
  shedRequests: number;
  /** The minutes each driver set the count (in the counted period). */
  driverMinutes: Record<ScalingDriver, number>;
  /** Request-based billing: instance-seconds with a request in flight, starting, and idle min-instances. */
  busySeconds: number;
  startingSeconds: number;
  idleFloorSeconds: number;
  servedRequests: number;
  series: { instances: number[]; readyCapacityPerSec: number[] };
}

/**
 * Runs the profile twice (the first pass warms the instances the way the day before would) and counts the second.
 * Per minute: wanted = the count for the last minute's average rate (the autoscaler averages over a minute) within
 * [min, max]; running = the most wanted over the last idleMinutes + 1 minutes (an instance no longer needed idles that
 * long, then stops); new instances serve only startupMs after the minute starts.
 */
export function simulateDay(perMinute: readonly number[], size: DaySize, s: ScalingSettings): DaySimulation {
  const period = perMinute.length;
  const startSec = (size.startupMs ?? 0) / 1000;
  const wanted: number[] = [];
  const starts: number[] = [];
  const out: DaySimulation = {
    instanceMinutes: 0,
    peakInstances: 0,
    coldStarts: 0,
    exposedRequests: 0,
    exposedMinutes: 0,
    overloadMinutes: 0,
    requests: 0,
    queuedRequests: 0,
    shedRequests: 0,
    driverMinutes: { cpu: 0, concurrency: 0, ceiling: 0, manual: 0 },
    busySeconds: 0,
    startingSeconds: 0,
    idleFloorSeconds: 0,
    servedRequests: 0,
    series: { instances: [], readyCapacityPerSec: [] },
  };
  let running = s.minInstances;
  const queue = { waiting: 0 };
  for (let t = 0; t < 2 * period; t++) {
    const rate = perMinute[t % period] ?? 0;
    const seen = instancesFor(perMinute[(t + period - 1) % period] ?? 0, size.rates, s.scaling);
    const needed = instancesFor(rate, size.rates, s.scaling).instances;
    wanted.push(Math.min(Math.max(seen.instances, s.minInstances), s.maxInstances));
    if (t >= period) out.driverMinutes[seen.driver]++;
    let alive = s.minInstances;
    for (let k = Math.max(0, t - s.idleMinutes); k <= t; k++) alive = Math.max(alive, wanted[k] ?? 0);
    const started = Math.max(0, alive - running);
    starts.push(started);
    running = alive;
    if (t < period) continue;
    // Readiness within this minute: instances started less than startSec ago are still starting.
    const t0 = t * SECONDS_PER_MINUTE;
    const lookback = Math.ceil(startSec / SECONDS_PER_MINUTE);
    let recent = 0;
    for (let k = Math.max(0, t - lookback); k <= t; k++) recent += starts[k] ?? 0;
    if (recent === 0) {
      // No start-up pending: demand above the running instances (the minute's lag) waits, exposed, below the cap.
      const short = rate > alive * size.ceilingPerSec && alive < s.maxInstances;
      record(out, queue, {
        rate,
        alive,
        lowestReady: alive,
        exposedSec: short ? 60 : 0,
        needed,
        started,
        size,
        s,
        startSec,
      });
      continue;
    }
    const edges = new Set([t0, t0 + SECONDS_PER_MINUTE]);
    const pendingStarts: Array<{ readyAt: number; count: number }> = [];
    for (let k = t; k >= 0 && k * SECONDS_PER_MINUTE + startSec > t0; k--) {
      const readyAt = k * SECONDS_PER_MINUTE + startSec;
      if ((starts[k] ?? 0) > 0) pendingStarts.push({ readyAt, count: starts[k] ?? 0 });
      if (readyAt < t0 + SECONDS_PER_MINUTE) edges.add(readyAt);
    }
    const sorted = [...edges].sort((a, b) => a - b);
    let exposedSec = 0;
    let lowestReady = alive;
    for (let i = 0; i + 1 < sorted.length; i++) {
      const [from, to] = [sorted[i] as number, sorted[i + 1] as number];
      const pending = Math.min(
        alive,
        pendingStarts.filter((p) => p.readyAt > from).reduce((sum, p) => sum + p.count, 0),
      );
      const ready = alive - pending;
      lowestReady = Math.min(lowestReady, ready);
      if (pending > 0 && rate > ready * size.ceilingPerSec) exposedSec += to - from;
    }
    record(out, queue, { rate, alive, lowestReady, exposedSec, needed, started, size, s, startSec });
  }
  return out;
}

interface MinuteFacts {
  rate: number;
  alive: number;
  lowestReady: number;
  exposedSec: number;
  needed: number;
  started: number;
  size: DaySize;
  s: ScalingSettings;
  startSec: number;
}

/**
 * Adds one counted minute to the totals and the series. Demand above the running instances' capacity queues (up to
 * MAX_QUEUE_SECONDS of their capacity); what the full queue cannot hold is refused. Spare capacity drains the queue.
 */
function record(out: DaySimulation, queue: { waiting: number }, m: MinuteFacts): void {
  const capacity = m.alive * m.size.ceilingPerSec;
  const excess = (m.rate - capacity) * SECONDS_PER_MINUTE;
  const room = Math.max(0, capacity * MAX_QUEUE_SECONDS - queue.waiting);
  const queued = excess > 0 ? Math.min(excess, room) : 0;
  const shed = excess > 0 ? excess - queued : 0;
  queue.waiting = excess > 0 ? queue.waiting + queued : Math.max(0, queue.waiting + excess);
  const served = m.rate * SECONDS_PER_MINUTE - shed;
  const busy = Math.min(m.needed, m.alive);
  const share =
    busy === 0
      ? 0
      : requestBusyShare({
          perInstancePerSec: served / SECONDS_PER_MINUTE / busy,
          ceilingPerSec: m.size.ceilingPerSec,
          p50Ms: m.size.p50Ms,
          concurrency: m.size.concurrency,
        });
  out.instanceMinutes += m.alive;
  out.peakInstances = Math.max(out.peakInstances, m.alive);
  out.coldStarts += m.started;
  out.exposedRequests += m.rate * m.exposedSec;
  out.exposedMinutes += m.exposedSec > 0 ? 1 : 0;
  out.overloadMinutes += m.needed > m.s.maxInstances ? 1 : 0;
  out.requests += m.rate * SECONDS_PER_MINUTE;
  out.queuedRequests += queued;
  out.shedRequests += shed;
  out.servedRequests += served;
  out.busySeconds += busy * share * SECONDS_PER_MINUTE;
  out.startingSeconds += m.started * m.startSec;
  out.idleFloorSeconds +=
    Math.max(0, Math.min(m.s.minInstances, m.alive) - busy * share) * SECONDS_PER_MINUTE;
  out.series.instances.push(m.alive);
  out.series.readyCapacityPerSec.push(m.lowestReady * m.size.ceilingPerSec);
}
