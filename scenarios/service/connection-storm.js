// Connection storm: CONNECTIONS WebSocket subscribers opened at once by OPENERS VUs (one VU holds many
// sockets), held HOLD_MS, then each publishes one message over HTTP and drops its socket. Measures the time
// until all are connected, failures, the service's own count of open sockets, and acknowledged vs kept
// messages. Memory per connection comes from the runner's Docker stats during the hold.
import exec from "k6/execution";
import { WebSocket } from "k6/experimental/websockets";
import http from "k6/http";
import { Counter, Gauge, Trend } from "k6/metrics";
import { createSubscription, createTopic, deleteTopic, stats, statsAsync, uniqueName } from "./lib/admin.js";
import { envInt, HTTP_BASE, WS_BASE } from "./lib/env.js";
import { sleepMs } from "./lib/sleep.js";

const CONNECTIONS = envInt("CONNECTIONS", 1000, 1);
const OPENERS = envInt("OPENERS", Math.min(CONNECTIONS, Math.ceil(CONNECTIONS / 500)), 1);
const HOLD_MS = envInt("HOLD_MS", 2000);
const CONNECT_TIMEOUT_MS = envInt("CONNECT_TIMEOUT_MS", 10000, 100);

export const options = {
  scenarios: {
    storm: {
      executor: "per-vu-iterations",
      vus: OPENERS,
      iterations: 1,
      maxDuration: `${CONNECT_TIMEOUT_MS + HOLD_MS + 30000}ms`,
    },
  },
  summaryTrendStats: ["avg", "min", "med", "max", "p(90)", "p(95)", "p(99)"],
};

const connectMs = new Trend("storm_connect_ms", true);
/** Per opener: from the common start to its last successful connect; max = time until all connected. */
const allConnectedMs = new Trend("storm_all_connected_ms", true);
const connected = new Counter("storm_connected");
const failed = new Counter("storm_failed");
const serverOpen = new Gauge("storm_server_open_connections");
const acknowledged = new Counter("storm_messages_acknowledged");
const kept = new Gauge("storm_messages_kept");

export function setup() {
  const name = uniqueName("storm");
  createTopic(`${name}-idle`);
  createSubscription(`${name}-idle`, `${name}-idle`);
  createTopic(`${name}-keep`);
  createSubscription(`${name}-keep`, `${name}-keep`);
  // Openers start together at this wall-clock instant, so "all connected" has one origin.
  return { name, startAt: Date.now() + 500 };
}

function open(url, startAt) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => {
      ws.close();
      resolve(null);
    }, CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      clearTimeout(timer);
      connectMs.add(Date.now() - startAt);
      resolve({ ws, at: Date.now() });
    };
    ws.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
  });
}

export default async function (data) {
  const index = exec.vu.idInTest - 1;
  const mine = Math.floor(CONNECTIONS / OPENERS) + (index < CONNECTIONS % OPENERS ? 1 : 0);
  await sleepMs(data.startAt - Date.now());
  const url = `${WS_BASE}/subscriptions/${data.name}-idle`;
  const results = await Promise.all([...Array(mine).keys()].map(() => open(url, data.startAt)));
  const up = results.filter((r) => r !== null);
  connected.add(up.length);
  failed.add(mine - up.length);
  if (up.length > 0) allConnectedMs.add(Math.max(...up.map((r) => r.at)) - data.startAt);
  // The first opener samples the service's open-socket count through the hold; the gauge's max is the peak.
  const holdEnd = Date.now() + HOLD_MS;
  if (index === 0)
    while (Date.now() < holdEnd) {
      serverOpen.add((await statsAsync()).connections.open);
      await sleepMs(Math.min(100, holdEnd - Date.now()));
    }
  else await sleepMs(HOLD_MS);
  const body = JSON.stringify({ data: `vu${index}` });
  const publishes = up.map(() =>
    http.asyncRequest("POST", `${HTTP_BASE}/topics/${data.name}-keep/publish`, body, {
      headers: { "content-type": "application/json" },
      tags: { name: "publish" },
    }),
  );
  for (const r of up) r.ws.close();
  for (const res of await Promise.all(publishes)) if (res.status === 200) acknowledged.add(1);
}

export function teardown(data) {
  const sub = stats().subscriptions[`${data.name}-keep`];
  kept.add(sub === undefined ? 0 : sub.backlog);
  deleteTopic(`${data.name}-idle`);
  deleteTopic(`${data.name}-keep`);
  http.del(`${HTTP_BASE}/admin/subscriptions/${data.name}-idle`);
  http.del(`${HTTP_BASE}/admin/subscriptions/${data.name}-keep`);
}
