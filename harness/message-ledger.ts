import type { Counts } from "../contract/result.ts";

/** Counts every message a scenario handles, so a mismatch shows up as lost > 0 instead of hiding. */
export class MessageLedger {
  published = 0;
  delivered = 0;
  acked = 0;
  redelivered = 0;
  errors = 0;

  /** @param deliveriesPerMessage how many first deliveries each published message should get (subscriber count). */
  constructor(public deliveriesPerMessage: number) {}

  /** Published messages whose expected deliveries never arrived (so far). */
  lost(): number {
    return Math.max(0, this.published * this.deliveriesPerMessage - this.delivered);
  }

  snapshot(): Counts {
    return {
      published: this.published,
      delivered: this.delivered,
      acked: this.acked,
      redelivered: this.redelivered,
      lost: this.lost(),
      errors: this.errors,
    };
  }
}

/** The counts accumulated between two snapshots. */
export function countsBetween(before: Counts, after: Counts): Counts {
  return {
    published: after.published - before.published,
    delivered: after.delivered - before.delivered,
    acked: after.acked - before.acked,
    redelivered: after.redelivered - before.redelivered,
    lost: Math.max(0, after.lost - before.lost),
    errors: after.errors - before.errors,
  };
}
