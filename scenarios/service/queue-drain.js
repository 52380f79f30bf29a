// Queue backlog and drain: producers publish at RATE for PRODUCE_MS while WORKERS sockets each process
// WORKER_CONCURRENCY messages at a time, WORK_MS each (capacity = WORKERS*WORKER_CONCURRENCY*1000/WORK_MS
// messages/s). Then production stops and the backlog drains. From the service's stats, sampled every
// SAMPLE_MS: peak backlog, drain time, creation and processing rates, and their ratio (saturation).
import exec from "k6/execution";
import { WebSocket } from "k6/experimental/websockets";
import http from "k6/http";
import { Counter, Gauge, Trend } from "k6/metrics";
import { createSubscription, createTopic, deleteTopic, statsAsync, uniqueName } from "./lib/admin.js";
import { envInt, HTTP_BASE, WS_BASE } from "./lib/env.js";
import { payloadPicker } from "./lib/payload-mix.js";
import { sleepMs } from "./lib/sleep.js";

const RATE = envInt("RATE", 500, 1);
const PRODUCE_MS = envInt("PRODUCE_MS", 3000, 100);
const CONCURRENCY = envInt("CONCURRENCY", 80, 1);
const WORKERS = envInt("WORKERS", 4, 1);
const WORKER_CONCURRENCY = envInt("WORKER_CONCURRENCY", 4, 1);
const WORK_MS = envInt("WORK_MS", 10);
const MAX_DRAIN_MS = envInt("MAX_DRAIN_MS", 30000, 100);
const SAMPLE_MS = envInt("SAMPLE_MS", 100, 10);
const MAX_BACKLOG = envInt("MAX_BACKLOG", 1000000, 1);

export const options = {
  scenarios: {
    produce: {
      executor: "constant-arrival-rate",
      exec: "produce",
      rate: RATE,
      timeUnit: "1s",
      duration: `${PRODUCE_MS}ms`,
      preAllocatedVUs: CONCURRENCY,
      maxVUs: CONCURRENCY,
    },
    work: {
      executor: "per-vu-iterations",
      exec: "work",
      vus: 1,
      iterations: 1,
      maxDuration: `${PRODUCE_MS + MAX_DRAIN_MS + 15000}ms`,
    },
  },
  summaryTrendStats: ["avg", "min", "med", "max", "p(90)", "p(95)", "p(99)"],
};

const backlog = new Trend("queue_backlog_messages");
const peakBacklog = new Gauge("queue_peak_backlog_messages");
const drainMs = new Gauge("queue_drain_ms");
const drained = new Gauge("queue_drained");
const createdPerSec = new Gauge("queue_created_per_sec");
const processedPerSec = new Gauge("queue_processed_per_sec");
const drainPerSec = new Gauge("queue_drain_per_sec");
const saturation = new Gauge("queue_saturation_ratio");
const latency = new Trend("queue_latency_ms", true);
const rejected = new Counter("queue_publish_rejected");
const pick = payloadPicker();
const headers = { headers: { "content-type": "application/json" }, tags: { name: "publish" } };

export function setup() {
  const topic = uniqueName("queue");
  createTopic(topic);
  createSubscription(topic, topic, { maxBacklogMessages: MAX_BACKLOG });
  return { topic, startAt: Date.now() };
}

export function produce(data) {
  const i = exec.scenario.iterationInTest;
  const t0 = exec.scenario.startTime + (i * 1000) / RATE;
  const body = `{"attributes":{"t0":"${t0}"},"data":${pick(i).json}}`;
  const res = http.post(`${HTTP_BASE}/topics/${data.topic}/publish`, body, headers);
  if (res.status !== 200) rejected.add(1, { status: String(res.status) });
}

function worker(sub) {
  const ws = new WebSocket(`${WS_BASE}/subscriptions/${sub}?maxOutstanding=${WORKER_CONCURRENCY}`);
  ws.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type !== "messages") return;
    for (const m of frame.messages)
      setTimeout(() => {
        ws.send(JSON.stringify({ ack: [m.id] }));
        latency.add(Date.now() - Number(m.attributes.t0));
      }, WORK_MS);
  };
  return ws;
}

export async function work(data) {
  const sub = data.topic;
  const sockets = [...Array(WORKERS).keys()].map(() => worker(sub));
  const start = exec.scenario.startTime;
  const produceEnd = start + PRODUCE_MS;
  let peak = 0;
  let atProduceEnd = null;
  let drainedAt = null;
  const first = (await statsAsync()).subscriptions[sub];
  while (Date.now() < produceEnd + MAX_DRAIN_MS) {
    const now = Date.now();
    const s = (await statsAsync()).subscriptions[sub];
    backlog.add(s.backlog);
    if (s.backlog > peak) peak = s.backlog;
    if (atProduceEnd === null && now >= produceEnd) atProduceEnd = { now, ...s };
    if (atProduceEnd !== null && s.backlog === 0 && now - produceEnd > SAMPLE_MS) {
      drainedAt = now;
      break;
    }
    await sleepMs(SAMPLE_MS - (Date.now() - now));
  }
  const end = atProduceEnd ?? { now: Date.now(), ...(await statsAsync()).subscriptions[sub] };
  const seconds = (end.now - start) / 1000;
  // Creation = messages the subscription received; processing = acks, both over the production phase.
  const created = (end.backlog + end.acked - first.backlog - first.acked) / seconds;
  const processed = (end.acked - first.acked) / seconds;
  peakBacklog.add(peak);
  createdPerSec.add(created);
  processedPerSec.add(processed);
  saturation.add(processed > 0 ? created / processed : 0);
  drained.add(drainedAt === null ? 0 : 1);
  if (drainedAt !== null) {
    drainMs.add(drainedAt - produceEnd);
    drainPerSec.add(drainedAt > end.now ? (end.backlog * 1000) / (drainedAt - end.now) : 0);
  }
  for (const ws of sockets) ws.close();
  deleteTopic(data.topic);
  http.del(`${HTTP_BASE}/admin/subscriptions/${sub}`, null, { tags: { name: "admin" } });
}
