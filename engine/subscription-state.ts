import type { Consumer } from "./consumer.ts";
import { MOD_ACK_MAX_SECONDS } from "./defaults.ts";
import { notFound } from "./errors.ts";
import { backlogHasRoom, subscriberHasCapacity } from "./flow-control.ts";
import { type Attributes, Message, type MessageOwner, MessageState } from "./message.ts";
import { SubscriptionBacklog } from "./subscription-backlog.ts";

/**
 * Server side of one subscription: dispatch to open subscribers over the backlog and leases it holds
 * (subscription-backlog.ts). Dispatch runs in one microtask drain per burst, never on a timer.
 */
export class SubscriptionState extends SubscriptionBacklog implements MessageOwner {
  readonly consumers: Consumer[] = [];
  private roundRobin = 0;
  private drainScheduled = false;
  private draining = false;

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

  protected scheduleDrain(): void {
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
