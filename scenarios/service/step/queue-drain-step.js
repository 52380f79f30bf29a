// Queue backlog and drain, a fixed-shape workload (matrix `search: false`): producers publish at `rate`/s for
// `produce-ms` while `workers` WebSockets each process `worker-concurrency` messages at a time, `work-ms` each
// (capacity = workers x worker-concurrency x 1000 / work-ms per second); then production stops and the backlog
// drains. From the service's stats, sampled every 100 ms: peak backlog, drain time, creation and processing rates
// over the production phase and their ratio (saturation: above 1 the backlog grows). One bcFixedSummary line,
// with the backlog over time (at most TIMELINE_POINTS points) for the report's chart.
// The flags it takes, checked before any container starts (runner/preflight/check-script-flags.ts):
// bc-flag: rate {"type":"integer","minimum":1,"maximum":100000,"default":500}
// bc-flag: produce-ms {"type":"integer","minimum":100,"maximum":600000,"default":3000}
// bc-flag: workers {"type":"integer","minimum":1,"maximum":1000,"default":4}
// bc-flag: worker-concurrency {"type":"integer","minimum":1,"maximum":10000,"default":4}
// bc-flag: work-ms {"type":"integer","minimum":0,"maximum":60000,"default":10}
// bc-flag: max-drain-ms {"type":"integer","minimum":100,"maximum":600000,"default":20000}
// bc-flag: payload-bytes {"type":"integer","minimum":1,"maximum":1048576,"default":1024}
import exec from "k6/execution";
import { WebSocket } from "k6/experimental/websockets";
import http from "k6/http";
import { Counter, Gauge } from "k6/metrics";
import { intFlag, jsonParams, must, sleepMs } from "/bun-capacity/step-lib.js";

const step = JSON.parse(__ENV.BC_STEP);
const flags = step.flags ?? {};
const RATE = intFlag(flags, "rate", 500, 1, 100000);
const PRODUCE_MS = intFlag(flags, "produce-ms", 3000, 100, 600000);
const WORKERS = intFlag(flags, "workers", 4, 1, 1000);
const WORKER_CONCURRENCY = intFlag(flags, "worker-concurrency", 4, 1, 10000);
const WORK_MS = intFlag(flags, "work-ms", 10, 0, 60000);
const MAX_DRAIN_MS = intFlag(flags, "max-drain-ms", 20000, 100, 600000);
const PAYLOAD_BYTES = intFlag(flags, "payload-bytes", 1024, 1, 1024 * 1024);
const SAMPLE_MS = 100;
const ADMIN = jsonParams();
const BODY = JSON.stringify({ data: "x".repeat(PAYLOAD_BYTES) });

export const options = {
  scenarios: {
    produce: {
      executor: "constant-arrival-rate",
      exec: "produce",
      rate: RATE,
      timeUnit: "1s",
      duration: `${PRODUCE_MS}ms`,
      preAllocatedVUs: step.concurrency,
      maxVUs: step.concurrency,
    },
    work: {
      executor: "per-vu-iterations",
      exec: "work",
      vus: 1,
      iterations: 1,
      maxDuration: `${PRODUCE_MS + MAX_DRAIN_MS + 10000}ms`,
    },
  },
};

const gauges = Object.fromEntries(
  [
    "peakBacklogMessages",
    "drainMs",
    "drained",
    "createdPerSec",
    "processedPerSec",
    "saturationRatio",
    "startAtMs",
    "workerCapacityPerSec",
  ].map((name) => [name, new Gauge(`queue_${name}`)]),
);
const rejected = new Counter("queue_publish_rejected");
// handleSummary sees only metrics: the timeline travels as one gauge pair per point, made up front (bounded).
const TIMELINE_POINTS = 60;
const timeline = [...Array(TIMELINE_POINTS).keys()].map((i) => ({
  atMs: new Gauge(`queue_timeline_at_ms_${i}`),
  backlog: new Gauge(`queue_timeline_backlog_${i}`),
}));

/** At most TIMELINE_POINTS samples: each slice of the run keeps its highest backlog, so the peak survives. */
function addTimeline(samples) {
  const slices = Math.min(TIMELINE_POINTS, samples.length);
  for (let i = 0; i < slices; i++) {
    const slice = samples.slice(
      Math.floor((i * samples.length) / slices),
      Math.floor(((i + 1) * samples.length) / slices),
    );
    const top = slice.reduce((a, b) => (b.backlog > a.backlog ? b : a));
    timeline[i].atMs.add(top.atMs);
    timeline[i].backlog.add(top.backlog);
  }
}

export function setup() {
  const topic = `queue-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  must(http.put(`${step.baseUrl}/admin/topics/${topic}`, null, ADMIN), `create topic ${topic}`);
  const options = JSON.stringify({ topic, maxBacklogMessages: 1000000 });
  must(
    http.put(`${step.baseUrl}/admin/subscriptions/${topic}`, options, ADMIN),
    `create subscription ${topic}`,
  );
  return { topic };
}

export function produce(data) {
  const res = http.post(`${step.baseUrl}/topics/${data.topic}/publish`, BODY, ADMIN);
  if (res.status !== 200) rejected.add(1);
}

function worker(sub) {
  const ws = new WebSocket(
    `${step.baseUrl.replace("http", "ws")}/subscriptions/${sub}?maxOutstanding=${WORKER_CONCURRENCY}`,
  );
  ws.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type !== "messages") return;
    for (const m of frame.messages) setTimeout(() => ws.send(JSON.stringify({ ack: [m.id] })), WORK_MS);
  };
  return ws;
}

async function subscriptionStats(sub) {
  const res = await http.asyncRequest("GET", `${step.baseUrl}/admin/stats`, null, ADMIN);
  return must(res, "stats").json().subscriptions[sub];
}

export async function work(data) {
  const sub = data.topic;
  const sockets = [...Array(WORKERS).keys()].map(() => worker(sub));
  const start = exec.scenario.startTime;
  const produceEnd = start + PRODUCE_MS;
  let peak = 0;
  let atProduceEnd = null;
  let drainedAt = null;
  const first = await subscriptionStats(sub);
  const samples = [{ atMs: Math.max(0, Date.now() - start), backlog: first.backlog }];
  while (Date.now() < produceEnd + MAX_DRAIN_MS) {
    const now = Date.now();
    const s = await subscriptionStats(sub);
    samples.push({ atMs: now - start, backlog: s.backlog });
    if (s.backlog > peak) peak = s.backlog;
    if (atProduceEnd === null && now >= produceEnd) atProduceEnd = { now, ...s };
    if (atProduceEnd !== null && s.backlog === 0) {
      drainedAt = now;
      break;
    }
    await sleepMs(SAMPLE_MS - (Date.now() - now));
  }
  const end = atProduceEnd ?? { now: Date.now(), ...(await subscriptionStats(sub)) };
  const seconds = Math.max(0.001, (end.now - start) / 1000);
  // Creation = messages the subscription received; processing = acks; both over the production phase.
  const created = (end.backlog + end.acked - first.backlog - first.acked) / seconds;
  const processed = (end.acked - first.acked) / seconds;
  gauges.peakBacklogMessages.add(peak);
  gauges.createdPerSec.add(created);
  gauges.processedPerSec.add(processed);
  gauges.saturationRatio.add(processed > 0 ? created / processed : 0);
  gauges.drained.add(drainedAt === null ? 0 : 1);
  gauges.drainMs.add(drainedAt === null ? MAX_DRAIN_MS : Math.max(0, drainedAt - produceEnd));
  gauges.startAtMs.add(start);
  gauges.workerCapacityPerSec.add(WORK_MS > 0 ? (WORKERS * WORKER_CONCURRENCY * 1000) / WORK_MS : 0);
  addTimeline(samples);
  for (const ws of sockets) ws.close();
}

export function teardown(data) {
  http.del(`${step.baseUrl}/admin/topics/${data.topic}`, null, ADMIN);
  http.del(`${step.baseUrl}/admin/subscriptions/${data.topic}`, null, ADMIN);
}

export function handleSummary(summary) {
  const v = (metric, stat) => summary.metrics[metric]?.values?.[stat] ?? 0;
  const figures = {};
  for (const name of Object.keys(gauges))
    if (name !== "startAtMs") figures[name] = v(`queue_${name}`, "value");
  figures.offeredPerSec = RATE;
  figures.produceMs = PRODUCE_MS;
  figures.publishRejectedCount = v("queue_publish_rejected", "count");
  // Publishes k6 could not start on time (all `concurrency` producers busy): the offered rate was not reached.
  figures.producerDroppedCount = v("dropped_iterations", "count");
  const backlog = [];
  for (let i = 0; i < TIMELINE_POINTS && summary.metrics[`queue_timeline_at_ms_${i}`]; i++)
    backlog.push([v(`queue_timeline_at_ms_${i}`, "value"), v(`queue_timeline_backlog_${i}`, "value")]);
  const line = {
    bcFixedSummary: 1,
    workload: "queue-drain",
    timelines: { backlogMessages: backlog },
    connectionsRequested: null,
    failures: figures.publishRejectedCount,
    figures,
    window: { startMs: v("queue_startAtMs", "value"), holdStartMs: null, holdEndMs: null },
  };
  return { stdout: `${JSON.stringify(line)}\n` };
}
