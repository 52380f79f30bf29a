import { type Clock, setBackgroundTimeout } from "./clock.ts";
import type { TopicLink } from "./consumer.ts";
import { Deque } from "./deque.ts";
import { LeaseList } from "./lease-list.ts";
import { type Message, MessageState } from "./message.ts";
import { OrderingGate } from "./ordering-gate.ts";
import { RetryQueue } from "./retry-queue.ts";
import { backoffMs, type SubscriptionConfig } from "./subscription-config.ts";
import { emptySubscriptionStats, type SubscriptionStats } from "./subscription-stats.ts";

/**
 * What one subscription holds and how a message leaves it: the backlog, leases (ack deadlines) and their expiry,
 * retry backoff, ordering and dead-lettering. SubscriptionState adds the subscribers and dispatch.
 */
export abstract class SubscriptionBacklog {
  readonly stats: SubscriptionStats = emptySubscriptionStats();
  backlogMessages = 0;
  backlogBytes = 0;
  deleted = false;
  protected readonly ready = new Deque<Message>(1024);
  protected readonly leases = new LeaseList();
  protected readonly retryQueue: RetryQueue;
  protected readonly gate: OrderingGate | null;
  protected leaseTimer: unknown = null;
  protected leaseTimerDueMs = Number.POSITIVE_INFINITY;

  constructor(
    readonly name: string,
    public topic: TopicLink | null,
    readonly topicName: string,
    readonly config: SubscriptionConfig,
    protected readonly clock: Clock,
    private readonly resolveTopic: (name: string) => TopicLink | undefined,
  ) {
    this.retryQueue = new RetryQueue(clock, this.makeReady);
    this.gate = config.ordered ? new OrderingGate() : null;
  }

  protected abstract scheduleDrain(): void;

  /** Ends an outstanding lease; false if the delivery is stale (already acked/nacked/expired). */
  protected endLease(m: Message): boolean {
    if (m.state !== MessageState.Outstanding) return false;
    m.state = MessageState.Done;
    this.leases.remove(m);
    const holder = m.holder;
    if (holder !== null) {
      holder.outstandingMessages--;
      holder.outstandingBytes -= m.size;
      m.holder = null;
    }
    return true;
  }

  /** The message left the backlog (acked or dead-lettered). */
  protected release(m: Message): void {
    this.backlogMessages--;
    this.backlogBytes -= m.size;
    if (this.gate !== null && m.orderingKey !== "") {
      const next = this.gate.release(m.orderingKey);
      if (next !== undefined) this.makeReady(next);
    }
    const topic = this.topic;
    if (topic?.hasBlockedPublishes) topic.scheduleResume();
  }

  protected redeliver(m: Message): void {
    const dl = this.config.deadLetter;
    if (dl !== null && m.deliveryAttempt >= dl.maxDeliveryAttempts) {
      const sink = this.resolveTopic(dl.topic);
      if (sink?.publishDeadLetter(m, this.name) === true) this.stats.deadLettered++;
      else this.stats.deadLetterDropped++;
      this.release(m);
      return;
    }
    this.stats.redelivered++;
    const next = m.redelivery();
    const retry = this.config.retry;
    if (retry === null) this.makeReady(next);
    else this.retryQueue.add(next, backoffMs(retry, m.deliveryAttempt));
  }

  protected readonly makeReady = (m: Message): void => {
    if (this.deleted) return;
    this.ready.push(m);
    this.scheduleDrain();
  };

  protected armLeaseTimer(dueMs: number): void {
    if (this.leaseTimer !== null) this.clock.clearTimeout(this.leaseTimer);
    this.leaseTimerDueMs = dueMs;
    this.leaseTimer = setBackgroundTimeout(
      this.clock,
      this.sweepLeases,
      Math.max(0, dueMs - this.clock.now()),
    );
  }

  /** Expires leases past their deadline (redelivery with deliveryAttempt + 1) and re-arms for the next one. */
  private readonly sweepLeases = (): void => {
    this.leaseTimer = null;
    this.leaseTimerDueMs = Number.POSITIVE_INFINITY;
    const now = this.clock.now();
    let nextDueMs = Number.POSITIVE_INFINITY;
    for (let m = this.leases.head; m !== null; ) {
      const next = m.next;
      if (m.deadlineMs <= now) {
        this.endLease(m);
        this.stats.expired++;
        this.redeliver(m);
      } else if (m.deadlineMs < nextDueMs) nextDueMs = m.deadlineMs;
      m = next;
    }
    if (nextDueMs < Number.POSITIVE_INFINITY) this.armLeaseTimer(nextDueMs);
    this.scheduleDrain();
  };

  snapshot(): SubscriptionStats {
    return {
      ...this.stats,
      outstanding: this.leases.count,
      backlog: this.backlogMessages,
      backlogBytes: this.backlogBytes,
    };
  }
}
