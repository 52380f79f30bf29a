import type { Drain } from "./drain-all.ts";

/** What the control side measured: the service's counters right after the drop and after the settle time. */
export interface ControlFigures {
  publishedAcknowledgedCount: number;
  publishFailedCount: number;
  subscribersConnectedAtStartCount: number;
  dropToSnapshotMs: number;
  serverAbruptClosesCount: number;
  serverDeliveriesReleasedOnCloseCount: number;
  ackedAtDropCount: number;
  keptAtOnceCount: number;
  outstandingAtOnceCount: number;
  settleMs: number;
  keptAfterSettleBacklogCount: number;
  drain: Drain;
}

/** Summed over the subscribers. */
export interface SubscriberFigures {
  connected: number;
  droppedAbruptly: number;
  closedOrderly: number;
  received: number;
  acksSent: number;
}

/**
 * The figures runner/load/fixed/abrupt-disconnect-figures.ts checks, the headline accounting first (the report lists
 * them in this order): kept % = (acked + kept) / acknowledged; lost = acknowledged - acked - kept.
 */
export function disconnectFigures(
  c: ControlFigures,
  s: SubscriberFigures,
  flags: { subscribers: number; rate: number; dropMs: number; ackDelayMs: number },
): Record<string, number> {
  const total = c.publishedAcknowledgedCount;
  const acked = c.ackedAtDropCount;
  const keptAfter = c.drain.acknowledged + c.drain.held;
  const percent = (kept: number) => (total > 0 ? (100 * (acked + kept)) / total : 0);
  return {
    publishedAcknowledgedCount: total,
    ackedAtDropCount: acked,
    keptAtOnceCount: c.keptAtOnceCount,
    lostAtOnceCount: total - acked - c.keptAtOnceCount,
    keptAtOncePercent: percent(c.keptAtOnceCount),
    keptAfterSettleCount: keptAfter,
    lostAfterSettleCount: total - acked - keptAfter,
    keptAfterSettlePercent: percent(keptAfter),
    subscribersRequestedCount: flags.subscribers,
    subscribersConnectedCount: s.connected,
    subscribersDroppedAbruptlyCount: s.droppedAbruptly,
    subscribersClosedOrderlyCount: s.closedOrderly,
    // Deliveries the subscribers saw (a message released by one dropping socket may reach another) and acks sent.
    subscriberReceivedCount: s.received,
    subscriberAcksSentCount: s.acksSent,
    offeredPerSec: flags.rate,
    dropAfterMs: flags.dropMs,
    ackDelayMs: flags.ackDelayMs,
    publishFailedCount: c.publishFailedCount,
    subscribersConnectedAtStartCount: c.subscribersConnectedAtStartCount,
    dropToSnapshotMs: c.dropToSnapshotMs,
    serverAbruptClosesCount: c.serverAbruptClosesCount,
    serverDeliveriesReleasedOnCloseCount: c.serverDeliveriesReleasedOnCloseCount,
    outstandingAtOnceCount: c.outstandingAtOnceCount,
    settleMs: c.settleMs,
    keptAfterSettleBacklogCount: c.keptAfterSettleBacklogCount,
    drainedAcknowledgedCount: c.drain.acknowledged,
    drainedUnacknowledgedCount: c.drain.unacknowledged,
    drainMs: c.drain.ms,
    drained: c.drain.held === 0 ? 1 : 0,
    heldAfterDrainCount: c.drain.held,
  };
}
