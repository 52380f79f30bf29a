// End-to-end / broadcast fan-out as one ceiling-search step (step-lib's pacing and summary line): publish over
// HTTP at the step's rate, receive on `subscribers` WebSockets per topic, ack each delivery at once. The step's
// latency is END-TO-END: from each publish's intended time to each delivery, matched by message id. A publish
// completes when every subscriber got it and the service applied its acks; the rest count as lost
// (started - completed), which fails the step. Flags (matrix `flags:`): subscribers (1), fanout
// (broadcast | shared), pipelines (VUs, each with its own topic; 1), payload-bytes (1024).
// What the reports call its rate and its latency (runner/results/rate-unit.ts, latency-kind.ts):
// bc-rate-unit: publishes/s
// bc-latency: end-to-end
// The flags it takes, checked before any container starts (runner/preflight/check-script-flags.ts):
// bc-flag: subscribers {"type":"integer","minimum":1,"maximum":1000,"default":1}
// bc-flag: pipelines {"type":"integer","minimum":1,"maximum":16,"default":1}
// bc-flag: payload-bytes {"type":"integer","minimum":1,"maximum":1048576,"default":1024}
// bc-flag: fanout {"enum":["broadcast","shared"],"default":"broadcast"}
import exec from "k6/execution";
import { WebSocket } from "k6/experimental/websockets";
import http from "k6/http";
import { Counter, Gauge, Trend } from "k6/metrics";
import {
  intFlag,
  jsonParams,
  LATE_MS,
  must,
  readStep,
  sleepMs,
  summaryOutput,
} from "/bun-capacity/step-lib.js";

const step = readStep();
const flags = step.flags ?? {};
const SUBSCRIBERS = intFlag(flags, "subscribers", 1, 1, 1000);
const PIPELINES = intFlag(flags, "pipelines", 1, 1, 16);
const PAYLOAD_BYTES = intFlag(flags, "payload-bytes", 1024, 1, 1024 * 1024);
const FANOUT = flags.fanout ?? "broadcast";
if (FANOUT !== "broadcast" && FANOUT !== "shared")
  throw new Error(`fanout=${FANOUT}: expected broadcast or shared`);
const PER_PUBLISH = FANOUT === "broadcast" ? SUBSCRIBERS : 1;
const IN_FLIGHT = Math.max(1, Math.ceil(step.concurrency / PIPELINES));
/** Sockets connect before the first intended publish: a lead that grows with the sockets to open. */
const LEAD_MS = Math.min(3000, 300 + 5 * SUBSCRIBERS * PIPELINES);
const BODY = JSON.stringify({ data: "x".repeat(PAYLOAD_BYTES) });
const JSON_PARAMS = jsonParams(`${step.timeoutMs}ms`);

// Each pipeline (VU) keeps its figures VU-local and adds them once at its end: counters and a trend sum and merge
// over VUs (step-lib's gauges would keep one VU's), and no metric sample is taken during the step.
const COUNTER_NAMES = {
  started: "e2e_started",
  completed: "e2e_completed",
  completedInWindow: "e2e_completed_in_window",
  errors: "e2e_errors",
  late: "e2e_late",
};
const COUNTS = Object.fromEntries(
  Object.entries(COUNTER_NAMES).map(([key, name]) => [key, new Counter(name)]),
);
const lastSend = new Gauge("e2e_last_send_ms");
const lastDone = new Gauge("e2e_last_done_ms");
const latency = new Trend("e2e_latency_ms", true);
const pipelinesDone = new Counter("e2e_pipelines_done");
/** step-lib's latency figures as k6 trend stats. */
const TREND_STAT = {
  count: "count",
  p50Ms: "p(50)",
  p90Ms: "p(90)",
  p95Ms: "p(95)",
  p99Ms: "p(99)",
  p999Ms: "p(99.9)",
  maxMs: "max",
};

export const options = {
  scenarios: {
    e2e: {
      executor: "per-vu-iterations",
      vus: PIPELINES,
      iterations: 1,
      maxDuration: `${LEAD_MS + step.durationMs + step.drainMs + step.timeoutMs + 10000}ms`,
    },
  },
  summaryTrendStats: Object.values(TREND_STAT),
  systemTags: ["status", "error_code"],
};

const ADMIN = jsonParams();
const subsOf = (topic) =>
  FANOUT === "broadcast" ? [...Array(SUBSCRIBERS).keys()].map((i) => `${topic}-s${i}`) : [`${topic}-s`];

export function setup() {
  const run = `e2e-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const topics = [...Array(PIPELINES).keys()].map((p) => `${run}-p${p}`);
  for (const topic of topics) {
    must(http.put(`${step.baseUrl}/admin/topics/${topic}`, null, ADMIN), `create topic ${topic}`);
    for (const sub of subsOf(topic))
      must(
        http.put(`${step.baseUrl}/admin/subscriptions/${sub}`, JSON.stringify({ topic }), ADMIN),
        `create subscription ${sub}`,
      );
  }
  return { topics, startAt: Date.now() + LEAD_MS };
}

function openSocket(sub, onIds) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${step.baseUrl.replace("http", "ws")}/subscriptions/${sub}`);
    const timer = setTimeout(() => resolve(null), step.timeoutMs + LEAD_MS);
    ws.onopen = () => {
      clearTimeout(timer);
      resolve(ws);
    };
    ws.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
    ws.onmessage = (event) => {
      const now = Date.now();
      const frame = JSON.parse(event.data);
      if (frame.type !== "messages") return;
      const ids = frame.messages.map((m) => m.id);
      ws.send(JSON.stringify({ ack: ids }));
      onIds(ids, now);
    };
  });
}

export default async function (data) {
  const pipeline = exec.vu.idInTest - 1;
  const topic = data.topics[pipeline];
  const subs = subsOf(topic);
  const open = step.kind === "open";
  /** ms since the step's start (the first intended publish): inside the rate window (search/rate-window.ts)? */
  const inWindow = (at) => open && at - data.startAt >= step.rateFromMs && at - data.startAt < step.rateToMs;
  /** id -> intended (open) or send (closed) time; early: deliveries that beat their publish response. */
  const intended = new Map();
  const early = new Map();
  const got = new Map();
  const latencies = [];
  const f = {
    started: 0,
    errors: 0,
    late: 0,
    fullyDelivered: 0,
    deliveredInWindow: 0,
    errorsInWindow: 0,
    acksSent: 0,
    duplicates: 0,
  };
  let lastSendAt = data.startAt;
  let lastDoneAt = data.startAt;
  const deliver = (id, at, t0) => {
    latencies.push(at - t0);
    const n = (got.get(id) ?? 0) + 1;
    got.set(id, n);
    // A redelivery: its ack is sent again, but the service counts a message's ack once.
    if (n > PER_PUBLISH) f.duplicates++;
    if (n === PER_PUBLISH) {
      f.fullyDelivered++;
      if (inWindow(at)) f.deliveredInWindow++;
      lastDoneAt = Math.max(lastDoneAt, at);
    }
  };
  const onIds = (ids, now) => {
    f.acksSent += ids.length;
    for (const id of ids) {
      const t0 = intended.get(id);
      if (t0 === undefined) early.set(id, [...(early.get(id) ?? []), now]);
      else deliver(id, now, t0);
    }
  };
  const sockets = await Promise.all(
    [...Array(SUBSCRIBERS).keys()].map((i) => openSocket(subs[FANOUT === "broadcast" ? i : 0], onIds)),
  );
  const socketFailures = sockets.filter((s) => s === null).length;

  const rate = open ? step.ratePerSec : null;
  const stopStartingAt = data.startAt + step.durationMs + (open ? step.drainMs : 0);
  let inFlight = 0;
  let publishErrors = 0;
  const publishFailed = () => {
    const at = Date.now();
    inFlight--;
    publishErrors++;
    // A failed publish is answered: it completes then.
    if (inWindow(at)) f.errorsInWindow++;
    lastDoneAt = Math.max(lastDoneAt, at);
  };
  const pending = [];
  for (let k = pipeline; ; k += PIPELINES) {
    if (open && k >= step.plannedRequests) break;
    // Closed: back-to-back from the step's start, like open's first publish.
    const due = open ? data.startAt + (k * 1000) / rate : Math.max(Date.now(), data.startAt);
    while (Date.now() < due || inFlight >= IN_FLIGHT) {
      if (Date.now() >= stopStartingAt) break;
      await sleepMs(inFlight >= IN_FLIGHT ? 1 : due - Date.now());
    }
    if (Date.now() >= stopStartingAt) break; // not started: dropped (open) or the window closed (closed)
    const sentAt = Date.now();
    const t0 = open ? due : sentAt;
    if (sentAt - t0 > LATE_MS) f.late++;
    f.started++;
    lastSendAt = sentAt;
    inFlight++;
    pending.push(
      http.asyncRequest("POST", `${step.baseUrl}/topics/${topic}/publish`, BODY, JSON_PARAMS).then((res) => {
        if (res.status !== 200) return publishFailed();
        inFlight--;
        const id = res.json().messageIds[0];
        intended.set(id, t0);
        for (const at of early.get(id) ?? []) deliver(id, at, t0);
        early.delete(id);
      }, publishFailed),
    );
  }
  await Promise.all(pending);
  const accepted = f.started - publishErrors;
  const deadline = Date.now() + step.drainMs;
  while (f.fullyDelivered < accepted && Date.now() < deadline) await sleepMs(10);
  await sleepMs(50); // the last acks reach the service
  const stats = JSON.parse(must(http.get(`${step.baseUrl}/admin/stats`, ADMIN), "stats").body);
  let serviceAcked = 0;
  for (const sub of subs) serviceAcked += stats.subscriptions[sub]?.acked ?? 0;
  // Deliveries received and acked here that the service never counted as acked: their publishes are incomplete.
  // Held deliveries (never received) are not among them: they already left their publish short of fully delivered.
  const unacked = Math.max(0, f.acksSent - f.duplicates - serviceAcked);
  for (const ws of sockets) if (ws !== null) ws.close();
  // A failed publish is answered (an error), not lost; an unacked delivery leaves its publish incomplete.
  COUNTS.started.add(f.started);
  COUNTS.completed.add(publishErrors + Math.max(0, f.fullyDelivered - unacked));
  COUNTS.completedInWindow.add(f.errorsInWindow + Math.max(0, f.deliveredInWindow - unacked));
  COUNTS.errors.add(socketFailures + publishErrors);
  COUNTS.late.add(f.late);
  lastSend.add(lastSendAt - data.startAt);
  lastDone.add(lastDoneAt - data.startAt);
  for (const ms of latencies) latency.add(ms);
  pipelinesDone.add(1);
}

export function teardown(data) {
  for (const topic of data.topics) {
    http.del(`${step.baseUrl}/admin/topics/${topic}`, null, ADMIN);
    for (const sub of subsOf(topic)) http.del(`${step.baseUrl}/admin/subscriptions/${sub}`, null, ADMIN);
  }
}

/** step-lib's summary line from the sums over every pipeline; none unless every pipeline finished. */
export function handleSummary(summary) {
  const metric = (name) => summary.metrics[name]?.values;
  const finished = (metric("e2e_pipelines_done")?.count ?? 0) === PIPELINES;
  return summaryOutput(step, (name) => {
    if (!finished) return undefined;
    if (name in COUNTER_NAMES) return metric(COUNTER_NAMES[name])?.count ?? 0;
    if (name === "lastSendMs") return Math.max(0, metric("e2e_last_send_ms")?.max ?? 0);
    if (name === "lastDoneMs") return Math.max(0, metric("e2e_last_done_ms")?.max ?? 0);
    // No delivery at all: no latency sample (its publishes are lost or failed, which fails the step anyway).
    return metric("e2e_latency_ms")?.[TREND_STAT[name]] ?? 0;
  });
}
