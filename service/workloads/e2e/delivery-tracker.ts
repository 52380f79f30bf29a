import type { Outcome } from "../../../generator/api/workload.ts";

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
  /** Deliveries of each id seen (a number per id: no object per delivery). */
  private readonly counts = new Map<string, number>();
  /** When an id became fully delivered before its publish was answered; removed once it is. */
  private readonly fullBeforeAnswer = new Map<string, number>();
  private readonly waiting = new Map<string, (outcome: Outcome) => void>();

  constructor(private readonly perPublish: number) {}

  /** Publishes answered and not yet fully delivered. */
  get outstanding(): number {
    return this.waiting.size;
  }

  /** The publish of `id` was answered: resolves when it is fully delivered (at once if it already is). */
  expect(id: string): Promise<Outcome> | Outcome {
    const fullAtMs = this.fullBeforeAnswer.get(id);
    if (fullAtMs !== undefined) {
      this.fullBeforeAnswer.delete(id);
      this.fullyDelivered++;
      return { ok: true, doneAtMs: fullAtMs };
    }
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  /** Deliveries of `ids` (acked already) seen at `atMs` on the workload's clock. */
  delivered(ids: readonly string[], atMs: number): void {
    this.acksSent += ids.length;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as string;
      const count = (this.counts.get(id) ?? 0) + 1;
      this.counts.set(id, count);
      if (count > this.perPublish) this.duplicates++;
      if (count !== this.perPublish) continue;
      const resolve = this.waiting.get(id);
      if (resolve === undefined) {
        this.fullBeforeAnswer.set(id, atMs);
        continue;
      }
      this.waiting.delete(id);
      this.fullyDelivered++;
      resolve({ ok: true, doneAtMs: atMs });
    }
  }
}
