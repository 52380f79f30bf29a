import type { Outcome } from "../../api/workload.ts";

/**
 * Matches one topic's deliveries to its publishes by message id. A publish is done when `perPublish` deliveries of
 * its id arrived (every subscriber of a broadcast); deliveries may beat the publish's answer, so counts start at the
 * first delivery, and the time the last needed one arrived is kept for when the answer comes.
 */
export class DeliveryTracker {
  /** Deliveries received and acked here (redeliveries included). */
  acksSent = 0;
  /** Deliveries beyond `perPublish` of one id: acked again, but the service counts a message's ack once. */
  duplicates = 0;
  fullyDelivered = 0;
  private readonly seen = new Map<string, { count: number; fullAtMs: number | null }>();
  private readonly waiting = new Map<string, (outcome: Outcome) => void>();

  constructor(private readonly perPublish: number) {}

  /** Publishes answered and not yet fully delivered. */
  get outstanding(): number {
    return this.waiting.size;
  }

  /** The publish of `id` was answered: resolves when it is fully delivered (at once if it already is). */
  expect(id: string): Promise<Outcome> {
    const fullAtMs = this.seen.get(id)?.fullAtMs ?? null;
    if (fullAtMs !== null) {
      this.fullyDelivered++;
      return Promise.resolve({ ok: true, doneAtMs: fullAtMs });
    }
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  /** Deliveries of `ids` (acked already) seen at `atMs` on the workload's clock. */
  delivered(ids: readonly string[], atMs: number): void {
    this.acksSent += ids.length;
    for (const id of ids) {
      const entry = this.seen.get(id) ?? { count: 0, fullAtMs: null };
      entry.count++;
      this.seen.set(id, entry);
      if (entry.count > this.perPublish) this.duplicates++;
      if (entry.count !== this.perPublish) continue;
      entry.fullAtMs = atMs;
      const resolve = this.waiting.get(id);
      if (resolve === undefined) continue;
      this.waiting.delete(id);
      this.fullyDelivered++;
      resolve({ ok: true, doneAtMs: atMs });
    }
  }
}
