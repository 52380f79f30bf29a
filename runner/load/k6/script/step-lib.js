// k6 side of a bun-capacity load step; baked into the generator image at /bun-capacity/step-lib.js.
// A user's own k6 script imports it too: `scheduled` paces and measures, `stepOptions`/`stepSummary` shape the run.
import { sleep } from "k6";
import exec from "k6/execution";
import http from "k6/http";
import { Counter, Gauge, Trend } from "k6/metrics";

const LATE_MS = 10;
const GOLDEN_RATIO = 0.6180339887498949;
const TREND_STATS = ["count", "p(50)", "p(90)", "p(95)", "p(99)", "p(99.9)", "max"];
const latency = new Trend("bc_latency_ms", true);
const started = new Counter("bc_started");
const completed = new Counter("bc_completed");
const completedInWindow = new Counter("bc_completed_in_window");
const errors = new Counter("bc_errors");
const late = new Counter("bc_late");
const lastSend = new Gauge("bc_last_send_ms");
const lastDone = new Gauge("bc_last_done_ms");

/** The step the runner asks for (rate, concurrency, duration, base URL, requests), from the BC_STEP variable. */
export function readStep() {
  return JSON.parse(__ENV.BC_STEP);
}

/** Open: shared iterations on `concurrency` VUs, so at most that many requests are in flight; closed: constant VUs. */
export function stepOptions(step) {
  const gracefulStop = `${step.timeoutMs + 1000}ms`;
  const scenario =
    step.kind === "open"
      ? {
          executor: "shared-iterations",
          vus: step.concurrency,
          iterations: step.plannedRequests,
          maxDuration: `${step.durationMs + step.drainMs}ms`,
          gracefulStop,
        }
      : { executor: "constant-vus", vus: step.concurrency, duration: `${step.durationMs}ms`, gracefulStop };
  return {
    scenarios: { step: scenario },
    discardResponseBodies: true,
    // Network errors throw (caught and counted) instead of logging a warning line per failed request.
    throw: true,
    summaryTrendStats: TREND_STATS,
    systemTags: ["status", "error_code"],
  };
}

/**
 * One request at its intended time start + i / rate (open), or at once (closed). `send` returns the k6 response(s);
 * latency runs from the intended time, so waiting for a free VU (the concurrency cap) counts in it.
 */
export function scheduled(step, send) {
  const startMs = exec.scenario.startTime;
  const index = exec.scenario.iterationInTest;
  let intendedMs = null;
  if (step.kind === "open") {
    intendedMs = startMs + (index * 1000) / step.ratePerSec;
    const earlyMs = intendedMs - Date.now();
    if (earlyMs > 0) sleep(earlyMs / 1000);
  }
  const sentMs = Date.now();
  const waitMs = intendedMs === null ? 0 : Math.max(0, sentMs - intendedMs);
  if (waitMs > LATE_MS) late.add(1);
  started.add(1);
  lastSend.add(sentMs - startMs);
  let failed = false;
  let serviceMs = null;
  try {
    const result = send(index);
    const responses = result === undefined || result === null ? [] : [].concat(result);
    if (responses.length > 0) serviceMs = 0;
    for (const res of responses) {
      if (res.status === 0) serviceMs = null;
      const t = res.timings;
      if (serviceMs !== null)
        serviceMs += t.blocked + t.connecting + t.tls_handshaking + t.sending + t.waiting + t.receiving;
      if (!(res.status >= 200 && res.status < 300)) failed = true;
    }
  } catch (_) {
    failed = true;
  }
  const doneMs = Date.now();
  // k6 has no sub-millisecond clock: the response timings are precise, Date.now() is the fallback.
  latency.add(waitMs + (serviceMs ?? doneMs - sentMs));
  completed.add(1);
  // The achieved rate counts completions inside the rate window only (search/rate-window.ts).
  const doneAtMs = doneMs - startMs;
  if (step.kind === "open" && doneAtMs >= step.rateFromMs && doneAtMs < step.rateToMs)
    completedInWindow.add(1);
  if (failed) errors.add(1);
  lastDone.add(doneMs - startMs);
}

/** The one JSON line the runner parses (handleSummary's stdout). */
export function stepSummary(step, data) {
  const value = (metric, stat) => data.metrics[metric]?.values?.[stat] ?? 0;
  const line = {
    bcStepSummary: 1,
    kind: step.kind,
    plannedRequests: step.kind === "open" ? step.plannedRequests : null,
    started: value("bc_started", "count"),
    completed: value("bc_completed", "count"),
    completedInWindow: step.kind === "open" ? value("bc_completed_in_window", "count") : null,
    errors: value("bc_errors", "count"),
    late: value("bc_late", "count"),
    lastSendMs: value("bc_last_send_ms", "max"),
    lastDoneMs: value("bc_last_done_ms", "max"),
    latency: {
      count: value("bc_latency_ms", "count"),
      p50Ms: value("bc_latency_ms", "p(50)"),
      p90Ms: value("bc_latency_ms", "p(90)"),
      p95Ms: value("bc_latency_ms", "p(95)"),
      p99Ms: value("bc_latency_ms", "p(99)"),
      p999Ms: value("bc_latency_ms", "p(99.9)"),
      maxMs: value("bc_latency_ms", "max"),
    },
  };
  return { stdout: `${JSON.stringify(line)}\n` };
}

/** Sends request `index` of the step's weighted mix (a low-discrepancy pick: deterministic and well spread). */
export function sendFromMix(step, index) {
  const total = step.requests.reduce((sum, r) => sum + r.weight, 0);
  let point = ((index * GOLDEN_RATIO) % 1) * total;
  let chosen = step.requests[step.requests.length - 1];
  for (const request of step.requests) {
    point -= request.weight;
    if (point < 0) {
      chosen = request;
      break;
    }
  }
  const params = { headers: chosen.headers, timeout: `${step.timeoutMs}ms`, responseType: "none" };
  return http.request(chosen.method, `${step.baseUrl}${chosen.path}`, chosen.body, params);
}
