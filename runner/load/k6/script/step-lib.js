// k6 side of a bun-capacity load step; baked into the generator image at /bun-capacity/step-lib.js.
// A user's own k6 script imports it too: `stepOptions` shapes the run, `runStep` paces and measures, `stepSummary`
// prints the one line the runner reads.
import http from "k6/http";
import { FIGURES, GAUGE_PREFIX, LATENCY } from "./run-step.js";

export { FIGURES, LATE_MS, LATENCY, runStep } from "./run-step.js";

/** Room for the last request's timeout and the final bookkeeping before k6 cuts the iteration. */
const END_SLACK_MS = 2000;
const GOLDEN_RATIO = 0.6180339887498949;

/** The step the runner asks for (rate, concurrency, duration, base URL, requests), from the BC_STEP variable. */
export function readStep() {
  return JSON.parse(__ENV.BC_STEP);
}

/** Every call a script makes besides its load is bounded: a service out of descriptors may never answer. */
export const CALL_TIMEOUT = "5s";

/** Request parameters for a JSON body, bounded by `timeout`. */
export function jsonParams(timeout = CALL_TIMEOUT) {
  return { headers: { "content-type": "application/json" }, timeout };
}

/** The response when its status is 2xx; otherwise stops the script, naming `what` failed. */
export function must(res, what) {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${res.body}`);
  return res;
}

export const sleepMs = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A whole-number flag of the step's `flags` (the matrix's), or its fallback; out of min..max stops the script. */
export function intFlag(flags, name, fallback, min, max) {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`flag ${name}=${raw}: expected a whole number ${min}..${max}`);
  return value;
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
    // No tag is read: samples carry none.
    systemTags: [],
  };
}

/** The one JSON line the runner parses (handleSummary's stdout); nothing if the step's iteration never finished. */
export function stepSummary(step, data) {
  return summaryOutput(step, (name) => data.metrics[`${GAUGE_PREFIX}${name}`]?.values?.value);
}

/**
 * The summary line from `value(name)` for each of FIGURES, completedInWindow and LATENCY's names (undefined: not
 * emitted), for a script that gathers its figures itself (e2e-step.js sums them over several VUs).
 */
export function summaryOutput(step, value) {
  if (value("started") === undefined) {
    return { stderr: "bun-capacity: the step's iteration did not finish: no figures were emitted\n" };
  }
  const line = {
    bcStepSummary: 1,
    kind: step.kind,
    plannedRequests: step.kind === "open" ? step.plannedRequests : null,
  };
  for (const name of FIGURES) line[name] = value(name);
  // The achieved rate counts completions inside the rate window only (search/rate-window.ts).
  line.completedInWindow = step.kind === "open" ? value("completedInWindow") : null;
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
