import { z } from "zod";

const count = z.number().int().nonnegative();

/** One subscription's counters in GET /admin/stats (service/stats/service-stats.ts), as far as the workloads read them. */
export const SubscriptionCounts = z.looseObject({
  backlog: count,
  acked: count,
  outstanding: count,
  /** Sockets subscribed to it now. */
  connections: count,
});
export type SubscriptionCounts = z.infer<typeof SubscriptionCounts>;

/** GET /admin/stats of the bundled service: its socket counters and every subscription's counters. */
export const ServiceStats = z.looseObject({
  connections: z.looseObject({ open: count, abruptCloses: count, unackedReleasedOnClose: count }),
  subscriptions: z.record(z.string(), SubscriptionCounts),
});
export type ServiceStats = z.infer<typeof ServiceStats>;
