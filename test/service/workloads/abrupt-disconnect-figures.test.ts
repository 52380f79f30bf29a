import { expect, test } from "bun:test";
import { AbruptDisconnectFigures } from "../../../runner/load/fixed-summary.ts";
import { disconnectFigures } from "../../../service/workloads/abrupt-disconnect/disconnect-figures.ts";

const control = {
  publishedAcknowledgedCount: 300,
  publishFailedCount: 0,
  subscribersConnectedAtStartCount: 4,
  dropToSnapshotMs: 25,
  serverAbruptClosesCount: 4,
  serverDeliveriesReleasedOnCloseCount: 60,
  ackedAtDropCount: 250,
  keptAtOnceCount: 40,
  outstandingAtOnceCount: 0,
  settleMs: 300,
  keptAfterSettleBacklogCount: 40,
  drain: { acknowledged: 38, unacknowledged: 0, held: 0, ms: 51 },
};
const subscribers = { connected: 4, droppedAbruptly: 4, closedOrderly: 0, received: 310, acksSent: 250 };
const flags = { subscribers: 4, rate: 300, dropMs: 1500, ackDelayMs: 200 };

// The runner checks an abrupt-disconnect line's figures by its schema: every figure it requires is emitted.
test("the figures pass the runner's schema, the accounting as it defines it (10 of 300 lost at once, 12 after)", () => {
  const f = disconnectFigures(control, subscribers, flags);
  expect(AbruptDisconnectFigures.safeParse(f).success).toBe(true);
  expect(f).toMatchObject({
    lostAtOnceCount: 10,
    keptAfterSettleCount: 38,
    lostAfterSettleCount: 12,
    drained: 1,
  });
  expect(f.keptAtOncePercent).toBeCloseTo((100 * 290) / 300, 10);
  expect(f.keptAfterSettlePercent).toBeCloseTo((100 * 288) / 300, 10);
});

test("a drain that never emptied the backlog is not drained, and what it still holds counts as kept", () => {
  const f = disconnectFigures(
    { ...control, drain: { acknowledged: 30, unacknowledged: 1, held: 5, ms: 10000 } },
    subscribers,
    flags,
  );
  expect(f).toMatchObject({
    drained: 0,
    heldAfterDrainCount: 5,
    keptAfterSettleCount: 35,
    lostAfterSettleCount: 15,
  });
});

test("nothing acknowledged: percentages are 0, not NaN", () => {
  const f = disconnectFigures(
    { ...control, publishedAcknowledgedCount: 0, ackedAtDropCount: 0, keptAtOnceCount: 0 },
    subscribers,
    flags,
  );
  expect([f.keptAtOncePercent, f.keptAfterSettlePercent]).toEqual([0, 0]);
});
