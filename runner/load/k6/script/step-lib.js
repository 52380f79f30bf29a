// k6 side of a bun-capacity load step; baked into the generator image at /bun-capacity/step-lib.js.
// One VU runs the whole step as an event loop of async requests: one global queue, at most `concurrency` in flight,
// and no per-request custom metric (results are kept in VU-local variables and emitted once, as gauges).
import http from "k6/http";
import { Gauge } from "k6/metrics";

const LATE_MS = 10;
/** Room for the last request's timeout and the final bookkeeping before k6 cuts the iteration. */
const END_SLACK_MS = 2000;
const GOLDEN_RATIO = 0.6180339887498949;
const FIGURES = ["started", "completed", "errors", "late", "lastSendMs", "lastDoneMs"];
const LATENCY = { count: null, p50Ms: 0.5, p90Ms: 0.9, p95Ms: 0.95, p99Ms: 0.99, p999Ms: 0.999, maxMs: 1 };
const FAILED = { failed: true, serviceMs: null };
const gauges = {};
for (const name of [...FIGURES, ...Object.keys(LATENCY)]) gauges[name] = new Gauge(`bc_${name}`);

/** The step the runner asks for (rate, concurrency, duration, base URL, requests), from the BC_STEP variable. */
export function readStep() {
  return JSON.parse(__ENV.BC_STEP);
}

/** One VU, one iteration; its connection pool keeps `concurrency` idle connections (k6 keeps 6 by default). */
export function stepOptions(step) {
  const drainMs = step.kind === "open" ? step.drainMs : 0;
  return {
    scenarios: {
      step: {
        executor: "per-vu-iterations",
        vus: 1,
        iterations: 1,
        maxDuration: `${step.durationMs + drainMs + step.timeoutMs + END_SLACK_MS}ms`,
      },
    },
    batch: step.concurrency,
    batchPerHost: step.concurrency,
    discardResponseBodies: true,
    // Network errors reject (caught and counted) instead of logging a warning line per failed request.
    throw: true,
    summaryTrendStats: ["count"],
    systemTags: ["status"],
  };
}

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
    errors: 0,
    late: 0,
    lastSend: startMs,
    lastDone: startMs,
  };
  let latencies = new Float64Array(open ? planned : 1024);
  let timer = null;
  await new Promise((finish, fail) => {
    const pump = () => {
      timer = null;
      const now = Date.now();
      while (s.inFlight < step.concurrency && s.next < planned && now < stopMs && !s.broken) {
        const intendedMs = open ? startMs + s.next * intervalMs : now;
        if (intendedMs > now) {
          timer = setTimeout(pump, intendedMs - now);
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

/** From first byte queued to last byte read (k6's timings, sub-millisecond); null without an answer. */
function service(res) {
  if (res.status === 0) return null;
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
  for (const [name, share] of Object.entries(LATENCY))
    gauges[name].add(share === null ? sorted.length : percentile(sorted, share));
}

function percentile(sorted, share) {
  if (sorted.length === 0) return 0;
  const i = share * (sorted.length - 1);
  const low = sorted[Math.floor(i)];
  return low + (sorted[Math.ceil(i)] - low) * (i - Math.floor(i));
}

/** The one JSON line the runner parses (handleSummary's stdout); nothing if the step's iteration never finished. */
export function stepSummary(step, data) {
  const value = (name) => data.metrics[`bc_${name}`]?.values?.value;
  if (value("started") === undefined) {
    return { stderr: "bun-capacity: the step's iteration did not finish: no figures were emitted\n" };
  }
  const line = {
    bcStepSummary: 1,
    kind: step.kind,
    plannedRequests: step.kind === "open" ? step.plannedRequests : null,
  };
  for (const name of FIGURES) line[name] = value(name);
  line.latency = {};
  for (const name of Object.keys(LATENCY)) line.latency[name] = value(name);
  return { stdout: `${JSON.stringify(line)}\n` };
}

/** A sender for the step's weighted mix: request i is a low-discrepancy pick (deterministic and well spread). */
export function mixSender(step) {
  const total = step.requests.reduce((sum, r) => sum + r.weight, 0);
  const params = (r) => ({ headers: r.headers, timeout: `${step.timeoutMs}ms`, responseType: "none" });
  const shapes = step.requests.map((r) => ({ ...r, url: `${step.baseUrl}${r.path}`, params: params(r) }));
  return (index) => {
    let point = ((index * GOLDEN_RATIO) % 1) * total;
    let chosen = shapes[shapes.length - 1];
    for (const shape of shapes) {
      point -= shape.weight;
      if (point < 0) {
        chosen = shape;
        break;
      }
    }
    return http.asyncRequest(chosen.method, chosen.url, chosen.body, chosen.params);
  };
}
