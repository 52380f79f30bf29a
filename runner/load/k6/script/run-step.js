// The step engine of the k6 generator: one VU runs the whole step as an event loop of async requests (one global
// queue, at most `concurrency` in flight). Figures stay in VU-local variables and are emitted once, as gauges, so k6
// carries no custom metric sample per request.
import { Gauge } from "k6/metrics";

/** A send this much after its intended time counts as late. */
export const LATE_MS = 10;
/** Latency slots allocated up front (grown by doubling): a long step at a high rate does not reserve it all at once. */
const INITIAL_SLOTS = 65536;
export const FIGURES = ["started", "completed", "errors", "late", "lastSendMs", "lastDoneMs"];
/** Latency figures and their percentile (k6's interpolation, as its Trend); count is the number of samples. */
export const LATENCY = {
  count: null,
  p50Ms: 0.5,
  p90Ms: 0.9,
  p95Ms: 0.95,
  p99Ms: 0.99,
  p999Ms: 0.999,
  maxMs: 1,
};
export const GAUGE_PREFIX = "bc_";
const FAILED = { failed: true, serviceMs: null };
const gauges = {};
for (const name of [...FIGURES, "completedInWindow", ...Object.keys(LATENCY)])
  gauges[name] = new Gauge(`${GAUGE_PREFIX}${name}`);

/**
 * Runs the step. Open: request i is due at start + i / rate and is sent then, or as soon as one of the `concurrency`
 * slots frees up; its latency runs from the intended time, so the wait for a slot counts (coordinated omission
 * corrected). Requests not sent within duration + drain are dropped. Closed: `concurrency` back-to-back requests.
 * `send(index)` must return a Promise (http.asyncRequest) of a response or an array of responses.
 */
export async function runStep(step, send) {
  const open = step.kind === "open";
  const startMs = Date.now();
  const stopMs = startMs + step.durationMs + (open ? step.drainMs : 0);
  const planned = open ? step.plannedRequests : Number.POSITIVE_INFINITY;
  const intervalMs = open ? 1000 / step.ratePerSec : 0;
  const s = {
    broken: false,
    next: 0,
    inFlight: 0,
    completed: 0,
    completedInWindow: 0,
    errors: 0,
    late: 0,
    lastSend: startMs,
    lastDone: startMs,
  };
  let latencies = new Float64Array(open ? Math.min(planned, INITIAL_SLOTS) : INITIAL_SLOTS);
  let timer = null;
  await new Promise((finish, fail) => {
    const pump = () => {
      timer = null;
      const now = Date.now();
      while (s.inFlight < step.concurrency && s.next < planned && now < stopMs && !s.broken) {
        const intendedMs = open ? startMs + s.next * intervalMs : now;
        if (intendedMs > now) {
          // Date.now() counts whole ms: wake at the next whole ms, never earlier (sub-ms timers would spin).
          timer = setTimeout(pump, Math.ceil(intendedMs - now));
          break;
        }
        launch(s.next++, now - intendedMs, now);
      }
      if (s.inFlight === 0 && timer === null && !s.broken) finish();
    };
    const launch = (index, waitMs, sentMs) => {
      s.inFlight++;
      if (waitMs > LATE_MS) s.late++;
      s.lastSend = sentMs;
      let pending;
      try {
        pending = send(index);
      } catch (_) {
        pending = null;
      }
      if (pending !== null && typeof pending?.then !== "function") {
        s.broken = true;
        return fail(
          new Error(
            "send must return a Promise (http.asyncRequest): a blocking call would serialize the step",
          ),
        );
      }
      if (pending === null) pending = Promise.reject(new Error("send threw"));
      pending.then(
        (result) => done(waitMs, sentMs, result),
        () => done(waitMs, sentMs, null),
      );
    };
    const done = (waitMs, sentMs, result) => {
      const doneMs = Date.now();
      const { failed, serviceMs } = outcome(result);
      if (s.completed === latencies.length) latencies = grown(latencies);
      // k6 has no sub-millisecond clock: the response timings are precise, Date.now() is the fallback.
      latencies[s.completed++] = waitMs + (serviceMs ?? doneMs - sentMs);
      if (failed) s.errors++;
      // The achieved rate counts completions inside the rate window only (search/rate-window.ts).
      const doneAtMs = doneMs - startMs;
      if (open && doneAtMs >= step.rateFromMs && doneAtMs < step.rateToMs) s.completedInWindow++;
      s.lastDone = doneMs;
      s.inFlight--;
      if (timer === null) pump();
    };
    pump();
  });
  emit(s, startMs, latencies.subarray(0, s.completed).sort());
}

/** Whether a send failed (any non-2xx, or a network error), and its service time from k6's timings. */
function outcome(result) {
  if (result === null || result === undefined) return FAILED;
  if (!Array.isArray(result))
    return { failed: !(result.status >= 200 && result.status < 300), serviceMs: service(result) };
  let failed = result.length === 0;
  let serviceMs = failed ? null : 0;
  for (const res of result) {
    if (!(res.status >= 200 && res.status < 300)) failed = true;
    const ms = service(res);
    serviceMs = serviceMs === null || ms === null ? null : serviceMs + ms;
  }
  return { failed, serviceMs };
}

/** From first byte queued to last byte read (k6's timings, sub-millisecond); null without an answer or timings (gRPC). */
function service(res) {
  if (res.status === 0 || res.timings === undefined) return null;
  const t = res.timings;
  return t.blocked + t.connecting + t.tls_handshaking + t.sending + t.waiting + t.receiving;
}

function grown(values) {
  const bigger = new Float64Array(values.length * 2);
  bigger.set(values);
  return bigger;
}

/** The step's figures, once: gauges that handleSummary reads back (k6's interpolated percentiles, as its Trend). */
function emit(s, startMs, sorted) {
  const figures = {
    started: s.next,
    completed: s.completed,
    errors: s.errors,
    late: s.late,
    lastSendMs: s.lastSend - startMs,
    lastDoneMs: s.lastDone - startMs,
  };
  for (const name of FIGURES) gauges[name].add(figures[name]);
  gauges.completedInWindow.add(s.completedInWindow);
  for (const [name, share] of Object.entries(LATENCY))
    gauges[name].add(share === null ? sorted.length : percentile(sorted, share));
}

function percentile(sorted, share) {
  if (sorted.length === 0) return 0;
  const i = share * (sorted.length - 1);
  const low = sorted[Math.floor(i)];
  return low + (sorted[Math.ceil(i)] - low) * (i - Math.floor(i));
}
