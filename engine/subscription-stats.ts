/** Counters of one subscription (or summed over all of them by PubSub.stats()). */
export interface SubscriptionStats {
  delivered: number;
  acked: number;
  nacked: number;
  expired: number;
  redelivered: number;
  deadLettered: number;
  deadLetterDropped: number;
  filtered: number;
  /** Delivered and not yet acked/nacked/expired. */
  outstanding: number;
  /** Unacked messages held (ready + waiting backoff + held behind an ordering key + outstanding). */
  backlog: number;
  backlogBytes: number;
}

export const emptySubscriptionStats = (): SubscriptionStats => ({
  delivered: 0,
  acked: 0,
  nacked: 0,
  expired: 0,
  redelivered: 0,
  deadLettered: 0,
  deadLetterDropped: 0,
  filtered: 0,
  outstanding: 0,
  backlog: 0,
  backlogBytes: 0,
});

export function addStats(into: SubscriptionStats, from: SubscriptionStats): void {
  for (const key of Object.keys(into) as (keyof SubscriptionStats)[]) into[key] += from[key];
}
