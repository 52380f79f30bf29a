export type Attributes = Record<string, string>;

/** Lifecycle of one delivery object. */
export enum MessageState {
  Queued = 0,
  Outstanding = 1,
  Done = 2,
}

/** What a delivered message calls back into (implemented by SubscriptionState). */
export interface MessageOwner {
  readonly name: string;
  ackMessage(message: Message): void;
  nackMessage(message: Message): void;
  modAckMessage(message: Message, seconds: number): void;
}

/** Flow-control counters of the subscriber handle a message was delivered to. */
export interface LeaseHolder {
  outstandingMessages: number;
  outstandingBytes: number;
}

/**
 * One delivery of a message to a subscription (the client's Message). A redelivery gets a fresh object
 * (new ackId), so a stale ack() from an earlier delivery is ignored. Internal fields are plain properties
 * on purpose: one monomorphic shape keeps the hot path allocation-light.
 */
export class Message {
  /** @internal lease bookkeeping */
  state: MessageState = MessageState.Queued;
  /** @internal */
  deadlineMs = 0;
  /** @internal retry-backoff due time */
  availableAtMs = 0;
  /** @internal */
  holder: LeaseHolder | null = null;
  /** @internal outstanding-list links */
  prev: Message | null = null;
  /** @internal */
  next: Message | null = null;
  /** Receive time (ms, engine clock) of this delivery. */
  received = 0;

  constructor(
    /** @internal */ readonly owner: MessageOwner,
    readonly id: string,
    readonly data: Buffer,
    readonly attributes: Attributes,
    readonly orderingKey: string,
    readonly publishTimeMs: number,
    /** Bytes counted for flow control and backlog (data + attributes + ordering key). */
    readonly size: number,
    readonly deliveryAttempt: number,
  ) {}

  get length(): number {
    return this.data.length;
  }

  get ackId(): string {
    return `${this.owner.name}:${this.id}:${this.deliveryAttempt}`;
  }

  get publishTime(): Date {
    return new Date(this.publishTimeMs);
  }

  ack(): void {
    this.owner.ackMessage(this);
  }

  nack(): void {
    this.owner.nackMessage(this);
  }

  modAck(seconds: number): void {
    this.owner.modAckMessage(this, seconds);
  }

  /** @internal the next delivery of the same message */
  redelivery(): Message {
    return new Message(
      this.owner,
      this.id,
      this.data,
      this.attributes,
      this.orderingKey,
      this.publishTimeMs,
      this.size,
      this.deliveryAttempt + 1,
    );
  }
}
