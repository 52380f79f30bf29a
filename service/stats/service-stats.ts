import type { SubscriptionStats } from "../../engine/index.ts";
import type { ServiceContext } from "../service-context.ts";

/** GET /admin/stats: engine counters, per-subscription counters with their open sockets, socket counters. */
export async function serviceStats(ctx: ServiceContext) {
  const socketsBySubscription = new Map<string, number>();
  for (const s of ctx.sessions)
    socketsBySubscription.set(s.subscription, (socketsBySubscription.get(s.subscription) ?? 0) + 1);
  const subscriptions: Record<string, SubscriptionStats & { topic: string | null; connections: number }> = {};
  for (const sub of await ctx.pubsub.getSubscriptions())
    subscriptions[sub.name] = {
      topic: ctx.subscriptionTopics.get(sub.name) ?? null,
      connections: socketsBySubscription.get(sub.name) ?? 0,
      ...sub.stats(),
    };
  const memory = process.memoryUsage();
  return {
    uptimeMs: Date.now() - ctx.startedAtMs,
    shuttingDown: ctx.shuttingDown,
    engine: ctx.pubsub.stats(),
    connections: { ...ctx.sockets },
    subscriptions,
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
  };
}
