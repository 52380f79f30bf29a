import { type ServiceClient, sleepMs } from "../bundled-service/service-client.ts";
import type { ServiceStats } from "../bundled-service/service-stats.ts";
import type { ControlFigures } from "./disconnect-figures.ts";
import { drainAll } from "./drain-all.ts";
import { type PublishPlan, publishUntilGone } from "./publish-until-gone.ts";

export interface ControlPlan extends PublishPlan {
  sub: string;
  settleMs: number;
  maxDrainMs: number;
  /** The service's socket counters before any subscriber connected. */
  before: ServiceStats["connections"];
}

/**
 * The control side: publishes from startAtMs until every subscriber is gone, then reads what the service
 * acknowledged, acked and still holds right after the drop and after settleMs, confirmed by draining it by id.
 */
export async function runControl(service: ServiceClient, p: ControlPlan): Promise<ControlFigures> {
  await sleepMs(p.startAtMs - Date.now());
  const atStart = (await service.stats()).subscriptions[p.sub]?.connections ?? 0;
  const published = await publishUntilGone(service, p.sub, p);
  // Right after the drop: every publish answered, no subscriber left.
  const once = await service.stats();
  const atOnce = once.subscriptions[p.sub];
  if (atOnce === undefined) throw new Error(`subscription ${p.sub} is missing from the service's stats`);
  const dropToSnapshotMs = Date.now() - p.dropAtMs;
  // After the settle time: what it still holds, confirmed by draining it on a fresh subscriber.
  const settleStart = Date.now();
  await sleepMs(p.settleMs);
  const settleMs = Date.now() - settleStart;
  const keptAfterSettle = (await service.stats()).subscriptions[p.sub]?.backlog ?? 0;
  const drain = await drainAll(service, p.sub, published.acknowledged, p.maxDrainMs);
  return {
    publishedAcknowledgedCount: published.acknowledged.size,
    publishFailedCount: published.failed,
    subscribersConnectedAtStartCount: atStart,
    dropToSnapshotMs,
    serverAbruptClosesCount: once.connections.abruptCloses - p.before.abruptCloses,
    serverDeliveriesReleasedOnCloseCount:
      once.connections.unackedReleasedOnClose - p.before.unackedReleasedOnClose,
    ackedAtDropCount: atOnce.acked,
    keptAtOnceCount: atOnce.backlog,
    outstandingAtOnceCount: atOnce.outstanding,
    settleMs,
    keptAfterSettleBacklogCount: keptAfterSettle,
    drain,
  };
}
