import type { ServiceClient } from "../bundled-service/service-client.ts";
import type { Pipeline } from "./open-pipeline.ts";

/** How long the service may take to apply the last acks sent (close() has 2 s); only a real shortfall waits it out. */
const ACKS_SETTLE_MS = 500;
const POLL_MS = 50;

/**
 * Deliveries received and acked here that the service never counted as acked (GET /admin/stats), over the
 * pipelines' subscriptions. Deliveries held by the service (never received) are not among them: they already left
 * their publish short of fully delivered.
 */
export async function unackedDeliveries(
  client: ServiceClient,
  pipelines: readonly Pipeline[],
): Promise<number> {
  const expected = pipelines.reduce((sum, p) => sum + p.tracker.acksSent - p.tracker.duplicates, 0);
  const deadline = performance.now() + ACKS_SETTLE_MS;
  for (;;) {
    const stats = await client.stats();
    let acked = 0;
    for (const p of pipelines)
      for (const sub of p.subscriptions) acked += stats.subscriptions[sub]?.acked ?? 0;
    const unacked = Math.max(0, expected - acked);
    if (unacked === 0 || performance.now() >= deadline) return unacked;
    await Bun.sleep(POLL_MS);
  }
}
