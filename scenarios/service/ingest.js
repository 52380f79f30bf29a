// Ingest: open-loop publishing over HTTP, single (BATCH=1) or bulk (BATCH=n messages per request), with the
// benchmarking plan's payload mixes. Latency runs from each request's intended start (coordinated omission).
import exec from "k6/execution";
import http from "k6/http";
import { Counter, Trend } from "k6/metrics";
import { createSubscription, createTopic, deleteTopic, uniqueName } from "./lib/admin.js";
import { envInt, HTTP_BASE } from "./lib/env.js";
import { payloadPicker } from "./lib/payload-mix.js";

const RATE = envInt("RATE", 100, 1);
const DURATION_MS = envInt("DURATION_MS", 5000, 100);
const CONCURRENCY = envInt("CONCURRENCY", 80, 1);
const BATCH = envInt("BATCH", 1, 1);
const ORDERING_KEYS = envInt("ORDERING_KEYS", 0);
/** 0 = firehose (no subscription holds the messages); n = that many subscriptions keep a backlog. */
const SUBSCRIPTIONS = envInt("SUBSCRIPTIONS", 0);

export const options = {
  scenarios: {
    ingest: {
      executor: "constant-arrival-rate",
      rate: RATE,
      timeUnit: "1s",
      duration: `${DURATION_MS}ms`,
      preAllocatedVUs: CONCURRENCY,
      maxVUs: CONCURRENCY,
      gracefulStop: "5s",
    },
  },
  summaryTrendStats: ["avg", "min", "med", "max", "p(90)", "p(95)", "p(99)"],
};

const latency = new Trend("publish_latency_ms", true);
const published = new Counter("messages_published");
const publishedBytes = new Counter("payload_bytes_published");
const rejected = new Counter("publish_rejected");
const pick = payloadPicker();
const headers = { headers: { "content-type": "application/json" }, tags: { name: "publish" } };

export function setup() {
  const topic = uniqueName("ingest");
  createTopic(topic);
  for (let i = 0; i < SUBSCRIPTIONS; i++) createSubscription(`${topic}-s${i}`, topic);
  return { topic };
}

function messageJson(index) {
  const { bytes, json } = pick(index);
  const key = ORDERING_KEYS > 0 ? `"orderingKey":"k${index % ORDERING_KEYS}",` : "";
  return { bytes, text: `{${key}"data":${json}}` };
}

export default function (data) {
  const iteration = exec.scenario.iterationInTest;
  const intendedMs = exec.scenario.startTime + (iteration * 1000) / RATE;
  let body;
  let bytes = 0;
  if (BATCH === 1) {
    const m = messageJson(iteration);
    body = m.text;
    bytes = m.bytes;
  } else {
    const parts = [];
    for (let i = 0; i < BATCH; i++) {
      const m = messageJson(iteration * BATCH + i);
      parts.push(m.text);
      bytes += m.bytes;
    }
    body = `{"messages":[${parts.join(",")}]}`;
  }
  const res = http.post(`${HTTP_BASE}/topics/${data.topic}/publish`, body, headers);
  latency.add(Date.now() - intendedMs);
  if (res.status === 200) {
    published.add(BATCH);
    publishedBytes.add(bytes);
  } else rejected.add(1, { status: String(res.status) });
}

export function teardown(data) {
  deleteTopic(data.topic);
}
