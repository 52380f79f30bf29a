import { type ServiceClient, sleepMs } from "../bundled-service/service-client.ts";

const POLL_MS = 20;
/** The publisher stops at the latest this long after the subscribers' grace ends. */
const STOP_AFTER_GRACE_MS = 1000;

/** When and how the control side publishes (epoch ms). */
export interface PublishPlan {
  startAtMs: number;
  dropAtMs: number;
  graceMs: number;
  ratePerSec: number;
  inFlight: number;
  body: string;
}

export interface PublishRun {
  /** Message ids the service acknowledged (publish 200). */
  acknowledged: Set<string>;
  failed: number;
}

/**
 * Publishes `body` at ratePerSec from startAtMs (epoch), at most inFlight unanswered, until the service reports no
 * socket on `sub` after dropAtMs, or graceMs + 1 s after dropAtMs; resolves once every publish is answered.
 */
export async function publishUntilGone(
  service: ServiceClient,
  sub: string,
  o: PublishPlan,
): Promise<PublishRun> {
  const stopAt = o.dropAtMs + o.graceMs + STOP_AFTER_GRACE_MS;
  const run: PublishRun = { acknowledged: new Set(), failed: 0 };
  let allGoneAt: number | null = null;
  const watchDrop = (async () => {
    await sleepMs(o.dropAtMs - Date.now());
    while (allGoneAt === null && Date.now() < stopAt) {
      const connections = await service.stats().then(
        (s) => s.subscriptions[sub]?.connections ?? 0,
        () => null,
      );
      if (connections === 0) allGoneAt = Date.now();
      else await sleepMs(POLL_MS);
    }
  })();
  let inFlight = 0;
  const pending: Promise<void>[] = [];
  for (let k = 0; ; k++) {
    const due = o.startAtMs + (k * 1000) / o.ratePerSec;
    while ((Date.now() < due || inFlight >= o.inFlight) && allGoneAt === null && Date.now() <= stopAt)
      await sleepMs(Math.max(1, Math.min(POLL_MS, due - Date.now())));
    if (allGoneAt !== null || Date.now() > stopAt) break;
    inFlight++;
    pending.push(
      service.publish(sub, o.body).then((answer) => {
        inFlight--;
        if (answer.ok && answer.messageId !== null) run.acknowledged.add(answer.messageId);
        else run.failed++;
      }),
    );
  }
  await watchDrop;
  await Promise.all(pending);
  return run;
}
