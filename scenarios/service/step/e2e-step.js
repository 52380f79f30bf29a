// End-to-end / broadcast fan-out as one ceiling-search step (step-lib's pacing and summary line): publish over
// HTTP at the step's rate, receive on `subscribers` WebSockets per topic, ack each delivery at once. The step's
// latency is END-TO-END: from each publish's intended time to each delivery, matched by message id. A publish
// completes when every subscriber got it and the service holds nothing unacked; the rest count as lost
// (started - completed), which fails the step. Flags (matrix `flags:`): subscribers (1), fanout
// (broadcast | shared), pipelines (VUs, each with its own topic; 1), payload-bytes (1024).
import exec from "k6/execution";
import { WebSocket } from "k6/experimental/websockets";
import http from "k6/http";
import { Counter, Gauge, Trend } from "k6/metrics";
import { readStep, stepSummary } from "/bun-capacity/step-lib.js";

const step = readStep();
const flags = step.flags ?? {};
const SUBSCRIBERS = intFlag("subscribers", 1, 1, 1000);
const PIPELINES = intFlag("pipelines", 1, 1, 16);
const PAYLOAD_BYTES = intFlag("payload-bytes", 1024, 1, 1024 * 1024);
const FANOUT = flags.fanout ?? "broadcast";
if (FANOUT !== "broadcast" && FANOUT !== "shared")
  throw new Error(`fanout=${FANOUT}: expected broadcast or shared`);
const PER_PUBLISH = FANOUT === "broadcast" ? SUBSCRIBERS : 1;
const IN_FLIGHT = Math.max(1, Math.ceil(step.concurrency / PIPELINES));
const LATE_MS = 10;
/** Sockets connect before the first intended publish: a lead that grows with the sockets to open. */
const LEAD_MS = Math.min(3000, 300 + 5 * SUBSCRIBERS * PIPELINES);
const BODY = JSON.stringify({ data: "x".repeat(PAYLOAD_BYTES) });
const JSON_PARAMS = { headers: { "content-type": "application/json" }, timeout: `${step.timeoutMs}ms` };

// The same metrics step-lib declares (k6 returns the registered metric), so stepSummary reads them.
const latency = new Trend("bc_latency_ms", true);
const started = new Counter("bc_started");
const completed = new Counter("bc_completed");
const errors = new Counter("bc_errors");
const late = new Counter("bc_late");
const lastSend = new Gauge("bc_last_send_ms");
const lastDone = new Gauge("bc_last_done_ms");
const unackedAtEnd = new Counter("e2e_unacked_at_end");

function intFlag(name, fallback, min, max) {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`flag ${name}=${raw}: expected a whole number ${min}..${max}`);
  return value;
}

export const options = {
  scenarios: {
    e2e: {
      executor: "per-vu-iterations",
      vus: PIPELINES,
      iterations: 1,
      maxDuration: `${LEAD_MS + step.durationMs + step.drainMs + step.timeoutMs + 10000}ms`,
    },
  },
  summaryTrendStats: ["count", "p(50)", "p(90)", "p(95)", "p(99)", "p(99.9)", "max"],
  systemTags: ["status", "error_code"],
};

const ADMIN = { headers: { "content-type": "application/json" }, tags: { name: "admin" } };
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

function must(res, what) {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${res.body}`);
}

const sleepMs = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

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
  /** id -> intended (open) or send (closed) time; early: deliveries that beat their publish response. */
  const intended = new Map();
  const early = new Map();
  const got = new Map();
  let fullyDelivered = 0;
  const deliver = (id, at, t0) => {
    latency.add(at - t0);
    const n = (got.get(id) ?? 0) + 1;
    got.set(id, n);
    if (n === PER_PUBLISH) {
      fullyDelivered++;
      lastDone.add(at - data.startAt);
    }
  };
  const onIds = (ids, now) => {
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
  errors.add(socketFailures);

  const open = step.kind === "open";
  const rate = open ? step.ratePerSec : null;
  const stopStartingAt = data.startAt + step.durationMs + (open ? step.drainMs : 0);
  let inFlight = 0;
  let publishErrors = 0;
  let startedHere = 0;
  const pending = [];
  for (let k = pipeline; ; k += PIPELINES) {
    if (open && k >= step.plannedRequests) break;
    const due = open ? data.startAt + (k * 1000) / rate : Date.now();
    while (Date.now() < due || inFlight >= IN_FLIGHT) {
      if (Date.now() >= stopStartingAt) break;
      await sleepMs(inFlight >= IN_FLIGHT ? 1 : due - Date.now());
    }
    if (Date.now() >= stopStartingAt) break; // not started: dropped (open) or the window closed (closed)
    const sentAt = Date.now();
    const t0 = open ? due : sentAt;
    if (sentAt - t0 > LATE_MS) late.add(1);
    started.add(1);
    startedHere++;
    lastSend.add(sentAt - data.startAt);
    inFlight++;
    pending.push(
      http.asyncRequest("POST", `${step.baseUrl}/topics/${topic}/publish`, BODY, JSON_PARAMS).then(
        (res) => {
          inFlight--;
          if (res.status !== 200) {
            publishErrors++;
            return;
          }
          const id = res.json().messageIds[0];
          intended.set(id, t0);
          for (const at of early.get(id) ?? []) deliver(id, at, t0);
          early.delete(id);
        },
        () => {
          inFlight--;
          publishErrors++;
        },
      ),
    );
  }
  await Promise.all(pending);
  const accepted = startedHere - publishErrors;
  const deadline = Date.now() + step.drainMs;
  while (fullyDelivered < accepted && Date.now() < deadline) await sleepMs(10);
  await sleepMs(50); // the last acks reach the service
  const stats = JSON.parse(must200(http.get(`${step.baseUrl}/admin/stats`, ADMIN)).body);
  let unacked = 0;
  for (const sub of subs) unacked += stats.subscriptions[sub]?.backlog ?? 0;
  unackedAtEnd.add(unacked);
  // A failed publish is answered (an error), not lost; an unacked delivery leaves its publish incomplete.
  errors.add(publishErrors);
  completed.add(publishErrors + Math.max(0, fullyDelivered - unacked));
  for (const ws of sockets) if (ws !== null) ws.close();
}

function must200(res) {
  must(res, "stats");
  return res;
}

export function teardown(data) {
  for (const topic of data.topics) {
    http.del(`${step.baseUrl}/admin/topics/${topic}`, null, ADMIN);
    for (const sub of subsOf(topic)) http.del(`${step.baseUrl}/admin/subscriptions/${sub}`, null, ADMIN);
  }
}

export const handleSummary = (summary) => stepSummary(step, summary);
