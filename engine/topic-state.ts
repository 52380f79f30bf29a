import type { Batch } from "./batch.ts";
import type { CommitTarget } from "./batcher.ts";
import type { Clock } from "./clock.ts";
import type { TopicLink } from "./consumer.ts";
import { Deque } from "./deque.ts";
import { notFound, PubSubError, pausedKeyError } from "./errors.ts";
import type { Attributes, Message } from "./message.ts";
import type { SubscriptionState } from "./subscription-state.ts";

const backlogFull = (sub: string) =>
  new PubSubError(
    "RESOURCE_EXHAUSTED",
    `Subscription "${sub}" backlog is at its bound. Ack faster, raise maxBacklogMessages/maxBacklogBytes, or use onBacklogFull: "block" to wait instead.`,
  );

/**
 * Server side of one topic: commits batches in arrival order (so per-key order holds across batches), fans
 * each message out to its subscriptions, and parks batches while a "block" subscription is at its bound.
 */
export class TopicState implements CommitTarget, TopicLink {
  readonly subscriptions: SubscriptionState[] = [];
  published = 0;
  private readonly parked = new Deque<Batch>();
  private resumeScheduled = false;
  private matches: boolean[] = [];

  constructor(
    readonly name: string,
    private readonly clock: Clock,
    private readonly nextMessageId: () => string,
  ) {}

  get hasBlockedPublishes(): boolean {
    return this.parked.length > 0;
  }

  commit(batch: Batch): void {
    if (this.parked.length > 0 || !this.process(batch)) this.parked.push(batch);
  }

  /** Commits from batch.pos on; returns false (with batch.pos at the blocked message) if a bound blocks it. */
  private process(batch: Batch): boolean {
    const subs = this.subscriptions;
    const nSubs = subs.length;
    const matches = this.matches;
    const key = batch.orderingKey;
    const { datas, attributes, sizes, resolves } = batch;
    const now = this.clock.now();
    for (let i = batch.pos; i < batch.count; i++) {
      if (key !== "" && batch.owner.isKeyPaused(key)) {
        batch.fail(i, pausedKeyError(key));
        continue;
      }
      const attrs = attributes[i] as Attributes;
      const size = sizes[i] as number;
      let rejected: PubSubError | null = null;
      for (let s = 0; s < nSubs; s++) {
        const sub = subs[s] as SubscriptionState;
        const filter = sub.config.filter;
        const match = filter === null || filter(attrs);
        matches[s] = match;
        if (match && !sub.hasRoom(size)) {
          if (sub.config.onBacklogFull === "reject") {
            rejected = backlogFull(sub.name);
            break;
          }
          batch.pos = i;
          return false;
        }
      }
      if (rejected !== null) {
        batch.fail(i, rejected);
        continue;
      }
      const id = this.nextMessageId();
      const data = datas[i] as Buffer;
      for (let s = 0; s < nSubs; s++) {
        const sub = subs[s] as SubscriptionState;
        if (matches[s]) sub.enqueue(id, data, attrs, key, now, size);
        else sub.stats.filtered++;
      }
      this.published++;
      (resolves[i] as (id: string) => void)(id);
    }
    batch.pos = batch.count;
    batch.settle();
    return true;
  }

  commitNow(data: Buffer, attributes: Attributes, size: number, orderingKey: string): string {
    if (this.parked.length > 0)
      throw new PubSubError(
        "RESOURCE_EXHAUSTED",
        "Earlier publishes to this topic are waiting for backlog room; publishMessageSync cannot wait. Use publishMessage.",
      );
    const subs = this.subscriptions;
    for (const sub of subs) {
      const filter = sub.config.filter;
      if ((filter === null || filter(attributes)) && !sub.hasRoom(size)) throw backlogFull(sub.name);
    }
    const id = this.nextMessageId();
    const now = this.clock.now();
    for (const sub of subs) {
      const filter = sub.config.filter;
      if (filter === null || filter(attributes)) sub.enqueue(id, data, attributes, orderingKey, now, size);
      else sub.stats.filtered++;
    }
    this.published++;
    return id;
  }

  scheduleResume(): void {
    if (this.resumeScheduled || this.parked.length === 0) return;
    this.resumeScheduled = true;
    queueMicrotask(this.resume);
  }

  private readonly resume = (): void => {
    this.resumeScheduled = false;
    for (let batch = this.parked.peek(); batch !== undefined; batch = this.parked.peek()) {
      if (!this.process(batch)) return;
      this.parked.shift();
    }
  };

  /** Forwards a message that ran out of delivery attempts; never blocks (drops if the DLQ is full). */
  publishDeadLetter(m: Message, sourceSubscription: string): boolean {
    const attributes: Attributes = {
      ...m.attributes,
      CloudPubSubDeadLetterSourceDeliveryCount: String(m.deliveryAttempt),
      CloudPubSubDeadLetterSourceSubscription: sourceSubscription,
    };
    for (const sub of this.subscriptions) if (!sub.hasRoom(m.size)) return false;
    const id = this.nextMessageId();
    const now = this.clock.now();
    for (const sub of this.subscriptions) {
      const filter = sub.config.filter;
      if (filter === null || filter(attributes))
        sub.enqueue(id, m.data, attributes, m.orderingKey, now, m.size);
    }
    this.published++;
    return true;
  }

  /** Topic deleted: waiting publishes fail NOT_FOUND; subscriptions stay but are detached. */
  destroy(): void {
    for (let batch = this.parked.shift(); batch !== undefined; batch = this.parked.shift())
      batch.failRest(notFound("Topic", this.name));
    for (const sub of this.subscriptions) sub.topic = null;
    this.subscriptions.length = 0;
  }
}
