// Connection storm, a fixed-shape workload (matrix `search: false`): `connections` WebSocket subscribers opened at
// once by `openers` VUs, held until connect-timeout-ms + hold-ms after the start, then each publishes one message
// over HTTP and closes its socket without waiting for the answer. Prints one bcFixedSummary line: time until all
// connected, failures, the service's own open-socket peak, messages acknowledged (HTTP 200) against kept (in the
// subscription's backlog afterwards), and the hold window the runner reads the service's memory in. k6 closes a
// socket with a close frame: it cannot cut the TCP connection abruptly, so these are orderly disconnects.
// The flags it takes, checked before any container starts (runner/preflight/check-script-flags.ts):
// bc-flag: connections {"type":"integer","minimum":1,"maximum":100000,"default":1000}
// bc-flag: openers {"type":"integer","minimum":1,"maximum":200}
// bc-flag: connect-timeout-ms {"type":"integer","minimum":100,"maximum":120000,"default":5000}
// bc-flag: hold-ms {"type":"integer","minimum":0,"maximum":600000,"default":3000}
import exec from "k6/execution";
import { WebSocket } from "k6/experimental/websockets";
import http from "k6/http";
import { Counter, Gauge, Trend } from "k6/metrics";
import { intFlag, jsonParams, must, sleepMs } from "/bun-capacity/step-lib.js";

const step = JSON.parse(__ENV.BC_STEP);
const flags = step.flags ?? {};
const CONNECTIONS = intFlag(flags, "connections", 1000, 1, 100000);
const OPENERS = intFlag(flags, "openers", Math.ceil(CONNECTIONS / 500), 1, 200);
const CONNECT_TIMEOUT_MS = intFlag(flags, "connect-timeout-ms", 5000, 100, 120000);
const HOLD_MS = intFlag(flags, "hold-ms", 3000, 0, 600000);
/** Over a second between setup and the storm: Docker stats (about one sample a second) then hold a baseline sample. */
const LEAD_MS = 1500;
const WS_BASE = step.baseUrl.replace("http", "ws");
const ADMIN = jsonParams();

export const options = {
  scenarios: {
    storm: {
      executor: "per-vu-iterations",
      vus: Math.min(OPENERS, CONNECTIONS),
      iterations: 1,
      maxDuration: `${LEAD_MS + CONNECT_TIMEOUT_MS + HOLD_MS + 20000}ms`,
    },
  },
  summaryTrendStats: ["count", "p(50)", "p(99)", "max"],
};

const connectMs = new Trend("storm_connect_ms", true);
const connected = new Counter("storm_connected");
const failed = new Counter("storm_failed");
const allConnectedAt = new Gauge("storm_all_connected_at_ms");
const serverOpen = new Gauge("storm_server_open_connections");
const acknowledged = new Counter("storm_messages_acknowledged");
const publishFailed = new Counter("storm_publish_failed");
const kept = new Gauge("storm_messages_kept");
const startAtGauge = new Gauge("storm_start_at_ms");
const holdEndGauge = new Gauge("storm_hold_end_at_ms");

export function setup() {
  const name = `storm-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  for (const kind of ["idle", "keep"]) {
    const topic = `${name}-${kind}`;
    must(http.put(`${step.baseUrl}/admin/topics/${topic}`, null, ADMIN), `create topic ${topic}`);
    must(
      http.put(`${step.baseUrl}/admin/subscriptions/${topic}`, JSON.stringify({ topic }), ADMIN),
      `create subscription ${topic}`,
    );
  }
  const startAt = Date.now() + LEAD_MS;
  const holdEndAt = startAt + CONNECT_TIMEOUT_MS + HOLD_MS;
  startAtGauge.add(startAt);
  holdEndGauge.add(holdEndAt);
  return { name, startAt, holdEndAt };
}

function open(url, startAt) {
  return new Promise((resolve) => {
    let done = false;
    const ws = new WebSocket(url);
    const finish = (value) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(
      () => {
        try {
          ws.close();
        } catch (_) {}
        finish(null);
      },
      startAt + CONNECT_TIMEOUT_MS - Date.now(),
    );
    ws.onopen = () => {
      const at = Date.now();
      connectMs.add(at - startAt);
      finish({ ws, at });
    };
    ws.onerror = () => finish(null);
    ws.onclose = () => finish(null);
  });
}

export default async function (data) {
  const index = exec.vu.idInTest - 1;
  const openers = Math.min(OPENERS, CONNECTIONS);
  const mine = Math.floor(CONNECTIONS / openers) + (index < CONNECTIONS % openers ? 1 : 0);
  await sleepMs(data.startAt - Date.now());
  const url = `${WS_BASE}/subscriptions/${data.name}-idle?maxOutstanding=1`;
  const results = await Promise.all([...Array(mine).keys()].map(() => open(url, data.startAt)));
  const up = results.filter((r) => r !== null);
  connected.add(up.length);
  failed.add(mine - up.length);
  if (up.length > 0) allConnectedAt.add(Math.max(...up.map((r) => r.at)));
  // The first opener samples the service's own open-socket count through the hold; the gauge keeps the max.
  if (index === 0)
    while (Date.now() < data.holdEndAt) {
      const res = await http.asyncRequest("GET", `${step.baseUrl}/admin/stats`, null, ADMIN);
      if (res.status === 200) serverOpen.add(res.json().connections.open);
      await sleepMs(Math.min(250, data.holdEndAt - Date.now()));
    }
  else await sleepMs(data.holdEndAt - Date.now());
  const body = JSON.stringify({ data: `vu${index}` });
  const publishes = up.map(() =>
    http.asyncRequest("POST", `${step.baseUrl}/topics/${data.name}-keep/publish`, body, ADMIN),
  );
  for (const r of up) r.ws.close();
  for (const res of await Promise.all(publishes))
    if (res.status === 200) acknowledged.add(1);
    else publishFailed.add(1);
}

export function teardown(data) {
  const res = http.get(`${step.baseUrl}/admin/stats`, ADMIN);
  const keep = res.status === 200 ? res.json().subscriptions[`${data.name}-keep`] : undefined;
  kept.add(keep === undefined ? 0 : keep.backlog);
  for (const kind of ["idle", "keep"]) {
    http.del(`${step.baseUrl}/admin/topics/${data.name}-${kind}`, null, ADMIN);
    http.del(`${step.baseUrl}/admin/subscriptions/${data.name}-${kind}`, null, ADMIN);
  }
}

export function handleSummary(summary) {
  const v = (metric, stat) => summary.metrics[metric]?.values?.[stat] ?? 0;
  const startAt = v("storm_start_at_ms", "max");
  const holdEndAt = v("storm_hold_end_at_ms", "max") || null;
  const holdStart = v("storm_all_connected_at_ms", "max") || null;
  const line = {
    bcFixedSummary: 1,
    workload: "connection-storm",
    connectionsRequested: CONNECTIONS,
    failures: v("storm_failed", "count"),
    figures: {
      connectedCount: v("storm_connected", "count"),
      failedCount: v("storm_failed", "count"),
      allConnectedMs: holdStart ? holdStart - startAt : 0,
      connectP50Ms: v("storm_connect_ms", "p(50)"),
      connectP99Ms: v("storm_connect_ms", "p(99)"),
      serverOpenConnectionsPeak: v("storm_server_open_connections", "max"),
      messagesAcknowledgedCount: v("storm_messages_acknowledged", "count"),
      messagesKeptCount: v("storm_messages_kept", "max"),
      publishFailedCount: v("storm_publish_failed", "count"),
    },
    window: { startMs: startAt, holdStartMs: holdStart, holdEndMs: holdEndAt },
  };
  return { stdout: `${JSON.stringify(line)}\n` };
}
