import { afterAll, beforeAll, expect, test } from "bun:test";
import { type ServiceProcess, serviceStats, startServiceProcess } from "./fixed-shape-service.ts";
import { runFixedModule } from "./run-fixed-module.ts";

const SUBSCRIBERS = 3;

let service: ServiceProcess;
beforeAll(async () => {
  service = await startServiceProcess();
});
afterAll(() => service.stop());

// abrupt-disconnect.ts through the generator against the service on 127.0.0.1: the drop is abrupt (the service sees
// no close frame), and the in-memory engine keeps every acknowledged message it did not see acked.
test("subscribers cut mid-stream without a close frame: acknowledged = acked + kept, drained by id", async () => {
  const before = (await serviceStats(service)).connections;
  const { summary, stderr } = await runFixedModule(service.port, "abrupt-disconnect", {
    subscribers: SUBSCRIBERS,
    rate: 200,
    "drop-ms": 1000,
    "ack-delay-ms": 200,
    "settle-ms": 200,
  });
  expect(stderr).toBe("");
  expect(summary).toMatchObject({
    workload: "abrupt-disconnect",
    connectionsRequested: SUBSCRIBERS,
    failures: 0,
    window: { holdStartMs: null, holdEndMs: null },
  });
  const f = summary.figures;
  expect(f).toMatchObject({
    subscribersRequestedCount: SUBSCRIBERS,
    subscribersConnectedCount: SUBSCRIBERS,
    subscribersConnectedAtStartCount: SUBSCRIBERS,
    subscribersDroppedAbruptlyCount: SUBSCRIBERS,
    subscribersClosedOrderlyCount: 0,
    serverAbruptClosesCount: SUBSCRIBERS,
    publishFailedCount: 0,
    lostAtOnceCount: 0,
    lostAfterSettleCount: 0,
    keptAtOncePercent: 100,
    keptAfterSettlePercent: 100,
    drainedUnacknowledgedCount: 0,
    drained: 1,
    heldAfterDrainCount: 0,
    offeredPerSec: 200,
    dropAfterMs: 1000,
    ackDelayMs: 200,
  });
  // Mid-stream: some deliveries were unacked at the drop, so the service kept them (and released them from the
  // cut sockets), and a fresh subscriber got exactly those back.
  const n = (name: string) => f[name] as number;
  expect(n("keptAtOnceCount")).toBeGreaterThan(0);
  expect(n("serverDeliveriesReleasedOnCloseCount")).toBeGreaterThan(0);
  expect(n("drainedAcknowledgedCount")).toBe(n("keptAtOnceCount"));
  expect(n("keptAfterSettleBacklogCount")).toBe(n("keptAtOnceCount"));
  expect(n("ackedAtDropCount") + n("keptAtOnceCount")).toBe(n("publishedAcknowledgedCount"));
  // About 1 s of publishing at 200/s before the cut; every ack a subscriber sent was counted by the service.
  expect(n("publishedAcknowledgedCount")).toBeGreaterThan(150);
  expect(n("publishedAcknowledgedCount")).toBeLessThan(400);
  expect(n("subscriberAcksSentCount")).toBe(n("ackedAtDropCount"));
  expect(n("subscriberReceivedCount")).toBeGreaterThanOrEqual(n("ackedAtDropCount"));
  expect(n("settleMs")).toBeGreaterThanOrEqual(200);
  const after = await serviceStats(service);
  expect(after.connections.abruptCloses - before.abruptCloses).toBe(SUBSCRIBERS);
  expect({ open: after.connections.open, subscriptions: Object.keys(after.subscriptions) }).toEqual({
    open: 0,
    subscriptions: [],
  });
}, 30_000);
