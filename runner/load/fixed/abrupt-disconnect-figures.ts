import { z } from "zod";

const count = z.number().int().nonnegative();
/** Acknowledged minus what the service acked or kept: negative when it holds more than it acknowledged. */
const signedCount = z.number().int();
const percent = z.number().nonnegative();

/**
 * The figures of service/workloads/abrupt-disconnect.ts: what the service
 * acknowledged (publish 200) against what it acked before the subscribers dropped and what it still held right
 * after the drop and after the settle time (confirmed by draining it). kept % = (acked + kept) / acknowledged.
 */
export const AbruptDisconnectFigures = z
  .looseObject({
    publishedAcknowledgedCount: count,
    publishFailedCount: count,
    subscribersRequestedCount: count,
    subscribersConnectedCount: count,
    /** Subscribers that cut their TCP connection without a close frame, and those that had to close normally. */
    subscribersDroppedAbruptlyCount: count,
    subscribersClosedOrderlyCount: count,
    /** The service's own count of sockets closed without a close frame (code 1006) during the run. */
    serverAbruptClosesCount: count,
    subscriberAcksSentCount: count,
    ackedAtDropCount: count,
    keptAtOnceCount: count,
    lostAtOnceCount: signedCount,
    keptAtOncePercent: percent,
    keptAfterSettleCount: count,
    lostAfterSettleCount: signedCount,
    keptAfterSettlePercent: percent,
    settleMs: count,
    drainMs: count,
  })
  .refine(
    (f) => f.lostAtOnceCount === f.publishedAcknowledgedCount - f.ackedAtDropCount - f.keptAtOnceCount,
    {
      message: "lostAtOnceCount must equal publishedAcknowledgedCount - ackedAtDropCount - keptAtOnceCount",
    },
  )
  .refine(
    (f) =>
      f.lostAfterSettleCount === f.publishedAcknowledgedCount - f.ackedAtDropCount - f.keptAfterSettleCount,
    {
      message:
        "lostAfterSettleCount must equal publishedAcknowledgedCount - ackedAtDropCount - keptAfterSettleCount",
    },
  );
export type AbruptDisconnectFigures = z.infer<typeof AbruptDisconnectFigures>;
