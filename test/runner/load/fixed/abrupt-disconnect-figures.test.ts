import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseFixedSummary } from "../../../../runner/load/fixed/parse-fixed-summary.ts";

// A line as disconnect-step.js printed it against the service on 127.0.0.1 (figures trimmed to those checked).
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

test("disconnect-step.js prints every figure the schema requires", () => {
  const script = readFileSync(
    join(import.meta.dir, "../../../../scenarios/service/step/disconnect-step.js"),
    "utf8",
  );
  for (const name of Object.keys(figures))
    expect({ name, printed: script.includes(name) }).toEqual({ name, printed: true });
});
