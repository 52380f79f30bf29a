// Abrupt disconnect, a fixed-shape workload (matrix `search: false`): `subscribers` WebSockets (one VU each) share
// one subscription and ack each frame `ack-delay-ms` after it arrives, while one VU publishes over HTTP at `rate`/s.
// `drop-ms` after publishing starts, each subscriber cuts its connection on its next frame: a frame handler that
// throws is the one way k6 1.1.0 closes a WebSocket WITHOUT a close frame (the service sees code 1006); its pending
// acks are never sent. Then: what the service acknowledged (publish 200) against what it acked before the drop and
// still holds (its backlog) right after the drop, and after `settle-ms`, confirmed by a fresh subscriber draining
// every held message by id. kept % = (acked + kept) / acknowledged; lost = acknowledged - acked - kept. One
// bcFixedSummary line.
// The flags it takes, checked before any container starts (runner/preflight/check-script-flags.ts):
// bc-flag: subscribers {"type":"integer","minimum":1,"maximum":200,"default":8}
// bc-flag: rate {"type":"integer","minimum":1,"maximum":20000,"default":500}
// bc-flag: drop-ms {"type":"integer","minimum":100,"maximum":600000,"default":3000}
// bc-flag: ack-delay-ms {"type":"integer","minimum":0,"maximum":60000,"default":200}
// bc-flag: max-outstanding {"type":"integer","minimum":1,"maximum":100000,"default":100}
// bc-flag: settle-ms {"type":"integer","minimum":0,"maximum":600000,"default":1000}
// bc-flag: max-drain-ms {"type":"integer","minimum":100,"maximum":600000,"default":10000}
// bc-flag: payload-bytes {"type":"integer","minimum":1,"maximum":1048576,"default":256}
import { WebSocket } from "k6/experimental/websockets";
import http from "k6/http";
import { Counter, Gauge } from "k6/metrics";
import { intFlag, jsonParams, must, sleepMs } from "/bun-capacity/step-lib.js";

const step = JSON.parse(__ENV.BC_STEP);
const flags = step.flags ?? {};
const SUBSCRIBERS = intFlag(flags, "subscribers", 8, 1, 200);
const RATE = intFlag(flags, "rate", 500, 1, 20000);
const DROP_MS = intFlag(flags, "drop-ms", 3000, 100, 600000);
const ACK_DELAY_MS = intFlag(flags, "ack-delay-ms", 200, 0, 60000);
const MAX_OUTSTANDING = intFlag(flags, "max-outstanding", 100, 1, 100000);
const SETTLE_MS = intFlag(flags, "settle-ms", 1000, 0, 600000);
const MAX_DRAIN_MS = intFlag(flags, "max-drain-ms", 10000, 100, 600000);
const PAYLOAD_BYTES = intFlag(flags, "payload-bytes", 256, 1, 1024 * 1024);
const IN_FLIGHT = Math.max(1, step.concurrency ?? 80);
/** Sockets connect before the first publish: a lead that grows with the sockets to open. */
const LEAD_MS = Math.min(5000, 1000 + 20 * SUBSCRIBERS);
/** A subscriber that saw no frame this long after drop-ms closes the ordinary way instead (counted). */
const DROP_GRACE_MS = 2000;
const POLL_MS = 20;
/** How often a subscriber sends the acks that are due (at most ack-delay-ms apart). */
const ACK_TICK_MS = 10;
const WS_BASE = step.baseUrl.replace("http", "ws");
const ADMIN = jsonParams();
const BODY = JSON.stringify({ data: "x".repeat(PAYLOAD_BYTES) });
const DROP_MESSAGE =
  "bun-capacity abrupt-disconnect: subscriber cut on purpose (a throwing frame handler drops the TCP connection without a close frame)";

const maxDuration = `${LEAD_MS + DROP_MS + DROP_GRACE_MS + SETTLE_MS + MAX_DRAIN_MS + 20000}ms`;
export const options = {
  scenarios: {
    subscribe: {
      executor: "per-vu-iterations",
      exec: "subscribe",
      vus: SUBSCRIBERS,
      iterations: 1,
      maxDuration,
    },
    control: { executor: "per-vu-iterations", exec: "control", vus: 1, iterations: 1, maxDuration },
  },
};

// Subscriber side (summed over their VUs).
const subConnected = new Counter("disc_sub_connected");
const subReceived = new Counter("disc_sub_received");
const subAcksSent = new Counter("disc_sub_acks_sent");
const subDroppedAbruptly = new Counter("disc_sub_dropped_abruptly");
const subClosedOrderly = new Counter("disc_sub_closed_orderly");
// Control side: one VU, so gauges hold its values.
const FIGURES = [
  "publishedAcknowledgedCount",
  "publishFailedCount",
  "subscribersConnectedAtStartCount",
  "dropToSnapshotMs",
  "serverAbruptClosesCount",
  "serverDeliveriesReleasedOnCloseCount",
  "ackedAtDropCount",
  "keptAtOnceCount",
  "outstandingAtOnceCount",
  "settleMs",
  "keptAfterSettleBacklogCount",
  "drainedAcknowledgedCount",
  "drainedUnacknowledgedCount",
  "drainMs",
  "drained",
  "heldAfterDrainCount",
  "startAtMs",
];
const gauges = Object.fromEntries(FIGURES.map((name) => [name, new Gauge(`disc_${name}`)]));
const controlDone = new Counter("disc_control_done");

export function setup() {
  const sub = `disc-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  must(http.put(`${step.baseUrl}/admin/topics/${sub}`, null, ADMIN), `create topic ${sub}`);
  const body = JSON.stringify({ topic: sub, maxBacklogMessages: 10000000 });
  must(http.put(`${step.baseUrl}/admin/subscriptions/${sub}`, body, ADMIN), `create subscription ${sub}`);
  const startAt = Date.now() + LEAD_MS;
  return { sub, startAt, dropAt: startAt + DROP_MS, before: stats().connections };
}

const stats = () => must(http.get(`${step.baseUrl}/admin/stats`, ADMIN), "stats").json();
const statsAsync = async () =>
  must(await http.asyncRequest("GET", `${step.baseUrl}/admin/stats`, null, ADMIN), "stats").json();
/** One subscriber: acks each frame ACK_DELAY_MS after it came; its first frame after dropAt cuts the connection. */
export function subscribe(data) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${WS_BASE}/subscriptions/${data.sub}?maxOutstanding=${MAX_OUTSTANDING}`);
    let received = 0;
    let acked = 0;
    let gone = false;
    /** [due epoch ms, ids] in arrival order; one ticker sends what is due (one timer per VU, not per frame). */
    const due = [];
    const sendDue = () => {
      while (!gone && due.length > 0 && due[0][0] <= Date.now() && ws.readyState === 1) {
        const ids = due.shift()[1];
        ws.send(JSON.stringify({ ack: ids }));
        acked += ids.length;
      }
    };
    const ticker = setInterval(sendDue, Math.max(1, Math.min(ACK_TICK_MS, ACK_DELAY_MS)));
    const count = () => {
      gone = true;
      clearInterval(ticker);
      subReceived.add(received);
      subAcksSent.add(acked);
    };
    const fallback = setTimeout(
      () => {
        if (!gone) {
          count();
          subClosedOrderly.add(1);
          ws.close();
        }
        resolve();
      },
      data.dropAt + DROP_GRACE_MS - Date.now(),
    );
    ws.onopen = () => subConnected.add(1);
    ws.onclose = () => {
      if (gone) return;
      count();
      clearTimeout(fallback);
      resolve();
    };
    ws.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type !== "messages") return;
      received += frame.messages.length;
      if (!gone && Date.now() >= data.dropAt) {
        count();
        clearTimeout(fallback);
        subDroppedAbruptly.add(1);
        throw new Error(DROP_MESSAGE);
      }
      due.push([Date.now() + ACK_DELAY_MS, frame.messages.map((m) => m.id)]);
      if (ACK_DELAY_MS === 0) sendDue();
    };
  });
}

/** Publishes at RATE from startAt until every subscriber is gone, then takes the service's figures. */
export async function control(data) {
  const acknowledged = new Set();
  let failed = 0;
  await sleepMs(data.startAt - Date.now());
  gauges.startAtMs.add(data.startAt);
  gauges.subscribersConnectedAtStartCount.add((await statsAsync()).subscriptions[data.sub]?.connections ?? 0);
  let allGoneAt = null;
  const watchDrop = (async () => {
    await sleepMs(data.dropAt - Date.now());
    while (allGoneAt === null && Date.now() < data.dropAt + DROP_GRACE_MS + 1000) {
      if (((await statsAsync()).subscriptions[data.sub]?.connections ?? 0) === 0) allGoneAt = Date.now();
      else await sleepMs(POLL_MS);
    }
  })();
  let inFlight = 0;
  const pending = [];
  for (let k = 0; ; k++) {
    const due = data.startAt + (k * 1000) / RATE;
    while ((Date.now() < due || inFlight >= IN_FLIGHT) && allGoneAt === null)
      await sleepMs(Math.max(1, Math.min(POLL_MS, due - Date.now())));
    if (allGoneAt !== null || Date.now() > data.dropAt + DROP_GRACE_MS + 1000) break;
    inFlight++;
    pending.push(
      http.asyncRequest("POST", `${step.baseUrl}/topics/${data.sub}/publish`, BODY, ADMIN).then(
        (res) => {
          inFlight--;
          if (res.status === 200) acknowledged.add(res.json().messageIds[0]);
          else failed++;
        },
        () => {
          inFlight--;
          failed++;
        },
      ),
    );
  }
  await watchDrop;
  await Promise.all(pending);
  // Right after the drop: every publish answered, no subscriber left.
  const once = await statsAsync();
  const atOnce = once.subscriptions[data.sub];
  gauges.dropToSnapshotMs.add(Date.now() - data.dropAt);
  gauges.publishedAcknowledgedCount.add(acknowledged.size);
  gauges.publishFailedCount.add(failed);
  gauges.serverAbruptClosesCount.add(once.connections.abruptCloses - data.before.abruptCloses);
  gauges.serverDeliveriesReleasedOnCloseCount.add(
    once.connections.unackedReleasedOnClose - data.before.unackedReleasedOnClose,
  );
  gauges.ackedAtDropCount.add(atOnce.acked);
  gauges.keptAtOnceCount.add(atOnce.backlog);
  gauges.outstandingAtOnceCount.add(atOnce.outstanding);
  // After the settle time: what it still holds, confirmed by draining it on a fresh subscriber.
  const settleStart = Date.now();
  await sleepMs(SETTLE_MS);
  gauges.settleMs.add(Date.now() - settleStart);
  gauges.keptAfterSettleBacklogCount.add((await statsAsync()).subscriptions[data.sub].backlog);
  const drain = await drainAll(data.sub, acknowledged);
  gauges.drainedAcknowledgedCount.add(drain.acknowledged);
  gauges.drainedUnacknowledgedCount.add(drain.unacknowledged);
  gauges.drainMs.add(drain.ms);
  gauges.drained.add(drain.held === 0 ? 1 : 0);
  gauges.heldAfterDrainCount.add(drain.held);
  controlDone.add(1);
}

/** Acks every held message at once on a new socket until the backlog is empty; distinct ids, split by origin. */
async function drainAll(sub, acknowledged) {
  const seen = new Set();
  const start = Date.now();
  const ws = new WebSocket(`${WS_BASE}/subscriptions/${sub}?maxOutstanding=1000`);
  ws.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type !== "messages") return;
    const ids = frame.messages.map((m) => m.id);
    for (const id of ids) seen.add(id);
    ws.send(JSON.stringify({ ack: ids }));
  };
  let held = -1;
  while (Date.now() < start + MAX_DRAIN_MS) {
    await sleepMs(50);
    held = (await statsAsync()).subscriptions[sub].backlog;
    if (held === 0) break;
  }
  const ms = Date.now() - start;
  ws.close();
  let fromAcknowledged = 0;
  for (const id of seen) if (acknowledged.has(id)) fromAcknowledged++;
  return { acknowledged: fromAcknowledged, unacknowledged: seen.size - fromAcknowledged, held, ms };
}

export function teardown(data) {
  http.del(`${step.baseUrl}/admin/subscriptions/${data.sub}`, null, ADMIN);
  http.del(`${step.baseUrl}/admin/topics/${data.sub}`, null, ADMIN);
}

export function handleSummary(summary) {
  const v = (metric, stat) => summary.metrics[metric]?.values?.[stat] ?? 0;
  // No line unless the control VU took every figure: zeros would read as "nothing acknowledged, nothing lost".
  if (v("disc_control_done", "count") !== 1)
    return {
      stderr: "bun-capacity abrupt-disconnect: the control VU did not finish: no figures were emitted\n",
    };
  const g = (name) => v(`disc_${name}`, "value");
  const total = g("publishedAcknowledgedCount");
  const acked = g("ackedAtDropCount");
  const keptAtOnce = g("keptAtOnceCount");
  const keptAfter = g("drainedAcknowledgedCount") + g("heldAfterDrainCount");
  const percent = (kept) => (total > 0 ? (100 * (acked + kept)) / total : 0);
  // The headline accounting first (the report lists figures in this order), then how it came about.
  const f = {
    publishedAcknowledgedCount: total,
    ackedAtDropCount: acked,
    keptAtOnceCount: keptAtOnce,
    lostAtOnceCount: total - acked - keptAtOnce,
    keptAtOncePercent: percent(keptAtOnce),
    keptAfterSettleCount: keptAfter,
    lostAfterSettleCount: total - acked - keptAfter,
    keptAfterSettlePercent: percent(keptAfter),
    subscribersRequestedCount: SUBSCRIBERS,
    subscribersConnectedCount: v("disc_sub_connected", "count"),
    subscribersDroppedAbruptlyCount: v("disc_sub_dropped_abruptly", "count"),
    subscribersClosedOrderlyCount: v("disc_sub_closed_orderly", "count"),
    // Deliveries the subscribers saw (a message released by one dropping socket may reach another) and acks sent.
    subscriberReceivedCount: v("disc_sub_received", "count"),
    subscriberAcksSentCount: v("disc_sub_acks_sent", "count"),
    offeredPerSec: RATE,
    dropAfterMs: DROP_MS,
    ackDelayMs: ACK_DELAY_MS,
  };
  for (const name of FIGURES) if (!(name in f) && name !== "startAtMs") f[name] = g(name);
  const line = {
    bcFixedSummary: 1,
    workload: "abrupt-disconnect",
    connectionsRequested: SUBSCRIBERS,
    failures: f.publishFailedCount + (SUBSCRIBERS - f.subscribersConnectedCount),
    figures: f,
    window: { startMs: g("startAtMs"), holdStartMs: null, holdEndMs: null },
  };
  return { stdout: `${JSON.stringify(line)}\n` };
}
