import { expect, test } from "bun:test";
import { parseFixedSummary } from "../../../runner/load/fixed-summary.ts";
import { disconnectFigures } from "../../../service/workloads/abrupt-disconnect/disconnect-figures.ts";

// A line as the abrupt-disconnect workload prints it against the service on 127.0.0.1 (figures trimmed to those checked).
const figures = {
  publishedAcknowledgedCount: 1512,
  publishFailedCount: 0,
  subscribersRequestedCount: 8,
  subscribersConnectedCount: 8,
  subscribersDroppedAbruptlyCount: 8,
  subscribersClosedOrderlyCount: 0,
  serverAbruptClosesCount: 8,
  subscriberAcksSentCount: 1368,
  ackedAtDropCount: 1368,
  keptAtOnceCount: 144,
  lostAtOnceCount: 0,
  keptAtOncePercent: 100,
  keptAfterSettleCount: 144,
  lostAfterSettleCount: 0,
  keptAfterSettlePercent: 100,
  settleMs: 1000,
  drainMs: 52,
};
const line = (f: Record<string, number>) =>
  JSON.stringify({
    bcFixedSummary: 1,
    workload: "abrupt-disconnect",
    figures: f,
    failures: 0,
    connectionsRequested: 8,
    window: { startMs: 1, holdStartMs: null, holdEndMs: null },
  });

test("abrupt-disconnect: its figures parse and keep their units and accounting", () => {
  const summary = parseFixedSummary(`generator noise\n${line(figures)}\n`, "");
  expect(summary.workload).toBe("abrupt-disconnect");
  expect(summary.figures.keptAtOncePercent).toBe(100);
  expect(summary.figures.lostAfterSettleCount).toBe(0);
});

test("abrupt-disconnect: a loss is carried as measured (kept below acknowledged)", () => {
  const lossy = {
    ...figures,
    keptAtOnceCount: 44,
    lostAtOnceCount: 100,
    keptAtOncePercent: (100 * 1412) / 1512,
  };
  expect(parseFixedSummary(line(lossy), "").figures.lostAtOnceCount).toBe(100);
});

test("abrupt-disconnect: a missing figure or accounting that does not add up is a malformed line", () => {
  const { keptAtOnceCount: _, ...missing } = figures;
  expect(() => parseFixedSummary(line(missing), "")).toThrow(
    /abrupt-disconnect figures are malformed[\s\S]*keptAtOnceCount/,
  );
  const wrong = { ...figures, lostAfterSettleCount: 3 };
  expect(() => parseFixedSummary(line(wrong), "")).toThrow(/lostAfterSettleCount must equal/);
  // Other workloads keep the generic check only.
  expect(parseFixedSummary(line(figures).replace("abrupt-disconnect", "queue-drain"), "").workload).toBe(
    "queue-drain",
  );
});

test("what service/workloads/abrupt-disconnect.ts reports is what the runner's figure schema requires", () => {
  // 1512 acknowledged: 1368 acked before the drop, 144 kept at once, all 144 drained after the settle.
  const reported = disconnectFigures(
    {
      publishedAcknowledgedCount: 1512,
      publishFailedCount: 0,
      subscribersConnectedAtStartCount: 8,
      dropToSnapshotMs: 12,
      serverAbruptClosesCount: 8,
      serverDeliveriesReleasedOnCloseCount: 144,
      ackedAtDropCount: 1368,
      keptAtOnceCount: 144,
      outstandingAtOnceCount: 0,
      settleMs: 1000,
      keptAfterSettleBacklogCount: 144,
      drain: { acknowledged: 144, unacknowledged: 0, held: 0, ms: 52 },
    },
    { connected: 8, droppedAbruptly: 8, closedOrderly: 0, received: 1512, acksSent: 1368 },
    { subscribers: 8, rate: 1000, dropMs: 3000, ackDelayMs: 200 },
  );
  const summary = parseFixedSummary(line(reported), "");
  expect(summary.figures).toMatchObject({ keptAtOncePercent: 100, lostAfterSettleCount: 0 });
  for (const name of Object.keys(figures))
    expect({ name, reported: name in reported }).toEqual({ name, reported: true });
});
