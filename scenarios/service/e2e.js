// End-to-end and broadcast fan-out: each pipeline VU publishes over HTTP at RATE/PIPELINES messages/s and
// receives on SUBSCRIBERS WebSockets. FANOUT=broadcast: a subscription per socket, every socket gets every
// message (the 1/10/100 fan-out); FANOUT=shared: one subscription, the sockets share the messages.
// Deliveries are matched to publishes by message id; latency runs from the intended publish time; every
// accepted id is delivered and acked within GRACE_MS after the last publish, or counted lost.
import exec from "k6/execution";
import { WebSocket } from "k6/experimental/websockets";
import http from "k6/http";
import { Counter, Trend } from "k6/metrics";
import { createSubscription, createTopic, deleteTopic, statsAsync, uniqueName } from "./lib/admin.js";
import { envChoice, envInt, HTTP_BASE, WS_BASE } from "./lib/env.js";
import { payloadPicker } from "./lib/payload-mix.js";
import { sleepMs } from "./lib/sleep.js";

const RATE = envInt("RATE", 100, 1);
const DURATION_MS = envInt("DURATION_MS", 5000, 100);
const CONCURRENCY = envInt("CONCURRENCY", 80, 1);
const SUBSCRIBERS = envInt("SUBSCRIBERS", 1, 1);
const PIPELINES = envInt("PIPELINES", 1, 1);
const FANOUT = envChoice("FANOUT", "broadcast", ["broadcast", "shared"]);
const GRACE_MS = envInt("GRACE_MS", 2000);
const MAX_OUTSTANDING = envInt("MAX_OUTSTANDING", 1000, 1);
const CONNECT_TIMEOUT_MS = 10000;

export const options = {
  scenarios: {
    e2e: {
      executor: "per-vu-iterations",
      vus: PIPELINES,
      iterations: 1,
      maxDuration: `${DURATION_MS + GRACE_MS + CONNECT_TIMEOUT_MS + 5000}ms`,
    },
  },
  summaryTrendStats: ["avg", "min", "med", "max", "p(90)", "p(95)", "p(99)"],
};

const latency = new Trend("e2e_latency_ms", true);
const publishLag = new Trend("e2e_publish_lag_ms", true);
const published = new Counter("e2e_published");
const expected = new Counter("e2e_expected_deliveries");
const delivered = new Counter("e2e_delivered");
const lost = new Counter("e2e_lost");
const duplicates = new Counter("e2e_duplicates");
const publishErrors = new Counter("e2e_publish_errors");
const unackedAtEnd = new Counter("e2e_unacked_at_end");
const socketFailures = new Counter("e2e_socket_failures");
const pick = payloadPicker();
const headers = { headers: { "content-type": "application/json" }, tags: { name: "publish" } };

function openSocket(sub, onMessages) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${WS_BASE}/subscriptions/${sub}?maxOutstanding=${MAX_OUTSTANDING}`);
    const timer = setTimeout(() => resolve(null), CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      clearTimeout(timer);
      resolve(ws);
    };
    ws.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
    ws.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type !== "messages") return;
      const now = Date.now();
      const ids = frame.messages.map((m) => m.id);
      ws.send(JSON.stringify({ ack: ids }));
      onMessages(ids, now);
    };
  });
}

export default async function () {
  const topic = uniqueName(`e2e-p${exec.vu.idInTest}`);
  const subs =
    FANOUT === "broadcast" ? [...Array(SUBSCRIBERS).keys()].map((i) => `${topic}-s${i}`) : [`${topic}-s`];
  createTopic(topic);
  for (const sub of subs) createSubscription(sub, topic);
  const perId = FANOUT === "broadcast" ? SUBSCRIBERS : 1;
  /** id → intended publish time; early → receive times of deliveries that beat their publish response. */
  const intended = new Map();
  const early = new Map();
  const seen = new Set();
  let matched = 0;
  const onMessages = (socketIndex) => (ids, now) => {
    for (const id of ids) {
      const key = FANOUT === "broadcast" ? `${socketIndex}:${id}` : id;
      if (seen.has(key)) {
        duplicates.add(1);
        continue;
      }
      seen.add(key);
      const t0 = intended.get(id);
      if (t0 === undefined) {
        const list = early.get(id) ?? [];
        list.push(now);
        early.set(id, list);
      } else {
        latency.add(now - t0);
        matched++;
      }
    }
  };
  const sockets = await Promise.all(
    [...Array(SUBSCRIBERS).keys()].map((i) =>
      openSocket(subs[FANOUT === "broadcast" ? i : 0], onMessages(i)),
    ),
  );
  socketFailures.add(sockets.filter((s) => s === null).length);

  const ratePerPipeline = RATE / PIPELINES;
  const total = Math.max(1, Math.floor((ratePerPipeline * DURATION_MS) / 1000));
  const start = Date.now() + 20;
  let inFlight = 0;
  let accepted = 0;
  const pending = [];
  for (let k = 0; k < total; k++) {
    const due = start + (k * 1000) / ratePerPipeline;
    while (Date.now() < due || inFlight >= CONCURRENCY)
      await sleepMs(inFlight >= CONCURRENCY ? 1 : due - Date.now());
    publishLag.add(Date.now() - due);
    inFlight++;
    const body = `{"data":${pick(k).json}}`;
    const request = http
      .asyncRequest("POST", `${HTTP_BASE}/topics/${topic}/publish`, body, headers)
      .then((res) => {
        inFlight--;
        if (res.status !== 200) {
          publishErrors.add(1, { status: String(res.status) });
          return;
        }
        const id = res.json().messageIds[0];
        accepted++;
        intended.set(id, due);
        for (const receivedAt of early.get(id) ?? []) {
          latency.add(receivedAt - due);
          matched++;
        }
        early.delete(id);
      });
    pending.push(request);
  }
  await Promise.all(pending);
  const deadline = Date.now() + GRACE_MS;
  while (matched < accepted * perId && Date.now() < deadline) await sleepMs(10);
  await sleepMs(50); // the last acks reach the service
  const server = await statsAsync();
  let unacked = 0;
  for (const sub of subs) {
    const s = server.subscriptions[sub];
    if (s !== undefined) unacked += s.backlog;
  }
  published.add(accepted);
  expected.add(accepted * perId);
  delivered.add(matched);
  lost.add(accepted * perId - matched);
  unackedAtEnd.add(unacked);
  for (const ws of sockets) if (ws !== null) ws.close();
  deleteTopic(topic);
  for (const sub of subs)
    http.del(`${HTTP_BASE}/admin/subscriptions/${sub}`, null, { tags: { name: "admin" } });
}
