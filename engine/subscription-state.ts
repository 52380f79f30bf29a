import { type Clock, setBackgroundTimeout } from "./clock.ts";
import type { Consumer, TopicLink } from "./consumer.ts";
import { MOD_ACK_MAX_SECONDS } from "./defaults.ts";
import { Deque } from "./deque.ts";
import { notFound } from "./errors.ts";
import { backlogHasRoom, subscriberHasCapacity } from "./flow-control.ts";
import { LeaseList } from "./lease-list.ts";
import { type Attributes, Message, type MessageOwner, MessageState } from "./message.ts";
import { OrderingGate } from "./ordering-gate.ts";
import { RetryQueue } from "./retry-queue.ts";
import { backoffMs, type SubscriptionConfig } from "./subscription-config.ts";
import { emptySubscriptionStats, type SubscriptionStats } from "./subscription-stats.ts";

/**
 * Server side of one subscription: backlog, dispatch to open subscribers, leases (ack deadlines), retry
 * backoff, ordering and dead-lettering. Dispatch runs in one microtask drain per burst, never on a timer.
 */
export class SubscriptionState implements MessageOwner {
  readonly consumers: Consumer[] = [];
  readonly stats: SubscriptionStats = emptySubscriptionStats();
  backlogMessages = 0;
  backlogBytes = 0;
  deleted = false;
  private readonly ready = new Deque<Message>(1024);
  private readonly leases = new LeaseList();
  private readonly retryQueue: RetryQueue;
  private readonly gate: OrderingGate | null;
  private roundRobin = 0;
  private drainScheduled = false;
  private draining = false;
  private leaseTimer: unknown = null;
  private leaseTimerDueMs = Number.POSITIVE_INFINITY;

  constructor(
    readonly name: string,
    public topic: TopicLink | null,
    readonly topicName: string,
    readonly config: SubscriptionConfig,
    private readonly clock: Clock,
    private readonly resolveTopic: (name: string) => TopicLink | undefined,
  ) {
    this.retryQueue = new RetryQueue(clock, this.makeReady);
    this.gate = config.ordered ? new OrderingGate() : null;
  }

  hasRoom(size: number): boolean {
    const c = this.config;
    return backlogHasRoom(
      this.backlogMessages,
      this.backlogBytes,
      size,
      c.maxBacklogMessages,
      c.maxBacklogBytes,
    );
  }

  enqueue(
    id: string,
    data: Buffer,
    attributes: Attributes,
    key: string,
    publishTimeMs: number,
    size: number,
  ): void {
    const m = new Message(this, id, data, attributes, key, publishTimeMs, size, 1);
    this.backlogMessages++;
    this.backlogBytes += size;
    if (this.gate !== null && key !== "" && !this.gate.admit(m)) return;
    this.ready.push(m);
    if (!this.drainScheduled && this.consumers.length > 0) {
      this.drainScheduled = true;
      queueMicrotask(this.drain);
    }
  }

  attach(consumer: Consumer): void {
    this.consumers.push(consumer);
    this.scheduleDrain();
  }

  /** Detaches a subscriber and nacks what it still holds (client close() semantics). */
  detach(consumer: Consumer): void {
    const i = this.consumers.indexOf(consumer);
    if (i >= 0) this.consumers.splice(i, 1);
    for (let m = this.leases.head; m !== null; ) {
      const next = m.next;
      if (m.holder === consumer) this.nackMessage(m);
      m = next;
    }
  }

  private scheduleDrain(): void {
    if (this.drainScheduled || this.draining || this.ready.length === 0 || this.consumers.length === 0)
      return;
    this.drainScheduled = true;
    queueMicrotask(this.drain);
  }

  private readonly drain = (): void => {
    this.drainScheduled = false;
    if (this.draining || this.deleted) return;
    this.draining = true;
    const now = this.clock.now();
    const deadlineMs = now + this.config.ackDeadlineMs;
    const ready = this.ready;
    const leases = this.leases;
    const stats = this.stats;
    try {
      while (ready.length > 0) {
        const m = ready.peek() as Message;
        const c = this.pickConsumer(m.size);
        if (c === null) break;
        ready.shift();
        m.state = MessageState.Outstanding;
        m.holder = c;
        m.deadlineMs = deadlineMs;
        m.received = now;
        leases.add(m);
        c.outstandingMessages++;
        c.outstandingBytes += m.size;
        stats.delivered++;
        c.deliver(m);
      }
    } finally {
      this.draining = false;
    }
    if (leases.count > 0 && deadlineMs < this.leaseTimerDueMs) this.armLeaseTimer(deadlineMs);
  };

  private pickConsumer(size: number): Consumer | null {
    const cs = this.consumers;
    const n = cs.length;
    if (n === 1) {
      const c = cs[0] as Consumer;
      return subscriberHasCapacity(c.outstandingMessages, c.outstandingBytes, size, c.flow) ? c : null;
    }
    for (let k = 0; k < n; k++) {
      const idx = (this.roundRobin + k) % n;
      const c = cs[idx] as Consumer;
      if (subscriberHasCapacity(c.outstandingMessages, c.outstandingBytes, size, c.flow)) {
        this.roundRobin = (idx + 1) % n;
        return c;
      }
    }
    return null;
  }

  /** Ends an outstanding lease; false if the delivery is stale (already acked/nacked/expired). */
  private endLease(m: Message): boolean {
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

  ackMessage(m: Message): void {
    if (!this.endLease(m)) return;
    this.stats.acked++;
    this.release(m);
    if (this.ready.length > 0) this.scheduleDrain();
  }

  nackMessage(m: Message): void {
    if (!this.endLease(m)) return;
    this.stats.nacked++;
    this.redeliver(m);
    this.scheduleDrain();
  }

  modAckMessage(m: Message, seconds: number): void {
    if (m.state !== MessageState.Outstanding) return;
    if (!(seconds > 0)) {
      this.nackMessage(m);
      return;
    }
    m.deadlineMs = this.clock.now() + Math.min(seconds, MOD_ACK_MAX_SECONDS) * 1000;
    if (m.deadlineMs < this.leaseTimerDueMs) this.armLeaseTimer(m.deadlineMs);
  }

  /** The message left the backlog (acked or dead-lettered). */
  private release(m: Message): void {
    this.backlogMessages--;
    this.backlogBytes -= m.size;
    if (this.gate !== null && m.orderingKey !== "") {
      const next = this.gate.release(m.orderingKey);
      if (next !== undefined) this.makeReady(next);
    }
    const topic = this.topic;
    if (topic?.hasBlockedPublishes) topic.scheduleResume();
  }

  private redeliver(m: Message): void {
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

  private readonly makeReady = (m: Message): void => {
    if (this.deleted) return;
    this.ready.push(m);
    this.scheduleDrain();
  };

  private armLeaseTimer(dueMs: number): void {
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

  /** Subscription deleted: drop everything it holds and tell open subscribers. */
  destroy(): void {
    this.deleted = true;
    for (let m = this.leases.head; m !== null; m = this.leases.head) this.endLease(m);
    this.ready.clear();
    this.retryQueue.clear();
    this.gate?.clear();
    if (this.leaseTimer !== null) this.clock.clearTimeout(this.leaseTimer);
    this.leaseTimer = null;
    this.backlogMessages = 0;
    this.backlogBytes = 0;
    const topic = this.topic;
    this.topic = null;
    if (topic?.hasBlockedPublishes) topic.scheduleResume();
    for (const c of this.consumers.splice(0)) c.onSubscriptionGone(notFound("Subscription", this.name));
  }
}
