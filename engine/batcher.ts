import { Batch, type BatchOwner } from "./batch.ts";
import type { Clock } from "./clock.ts";
import { Deque } from "./deque.ts";
import { flowControlFullError, notFound, pausedKeyError } from "./errors.ts";
import { publisherMustWait } from "./flow-control.ts";
import type { Attributes } from "./message.ts";
import type { PublishSettings } from "./publish-settings.ts";

/**
 * Client-side publisher of one topic handle: batching (count, bytes, time, explicit flush), ordering keys
 * (a batch per key, paused after a failure) and publisher flow control. Full batches flush synchronously;
 * the maxMilliseconds timer only bounds how long a partial batch waits.
 */
export class Batcher implements BatchOwner {
  private current: Batch;
  private readonly keyed = new Map<string, Batch>();
  private readonly pausedKeys = new Set<string>();
  private readonly waiting = new Deque<WaitingPublish>();
  private timer: unknown = null;
  private lastCommitted: Batch | null = null;
  /** A settled batch kept for reuse so the steady state allocates no batch arrays. */
  private spare: Batch | null = null;
  private outstandingMessages = 0;
  private outstandingBytes = 0;
  private admitting = false;

  constructor(
    private readonly topicName: string,
    readonly settings: PublishSettings,
    private readonly clock: Clock,
    private readonly target: () => CommitTarget | undefined,
  ) {
    this.current = new Batch(this, "");
  }

  add(
    data: Buffer,
    attributes: Attributes,
    size: number,
    key: string,
    resolve: (id: string) => void,
    reject: (error: Error) => void,
  ): void {
    if (key !== "" && this.pausedKeys.has(key)) {
      reject(pausedKeyError(key));
      return;
    }
    if (this.settings.flowControlled) {
      if (
        this.waiting.length > 0 ||
        publisherMustWait(this.outstandingMessages, this.outstandingBytes, size, this.settings)
      ) {
        this.waiting.push({ data, attributes, size, key, resolve, reject });
        return;
      }
      this.outstandingMessages++;
      this.outstandingBytes += size;
    }
    this.enqueue(data, attributes, size, key, resolve, reject);
  }

  private enqueue(
    data: Buffer,
    attributes: Attributes,
    size: number,
    key: string,
    resolve: (id: string) => void,
    reject: (error: Error) => void,
  ): void {
    const s = this.settings;
    let batch = key === "" ? this.current : this.keyedBatch(key);
    if (batch.count > 0 && batch.bytes + size > s.maxBytes) {
      this.flushBatch(batch);
      batch = key === "" ? this.current : this.keyedBatch(key);
    }
    batch.add(data, attributes, size, resolve, reject);
    if (batch.count >= s.maxMessages || batch.bytes >= s.maxBytes) this.flushBatch(batch);
    else if (this.timer === null) this.timer = this.clock.setTimeout(this.onTimer, s.maxMilliseconds);
  }

  private keyedBatch(key: string): Batch {
    let batch = this.keyed.get(key);
    if (batch === undefined) {
      batch = new Batch(this, key);
      this.keyed.set(key, batch);
    }
    return batch;
  }

  private readonly onTimer = (): void => {
    this.timer = null;
    this.flushAll();
  };

  private flushBatch(batch: Batch): void {
    const unordered = batch.orderingKey === "";
    if (unordered) {
      this.current = this.spare ?? new Batch(this, "");
      this.spare = null;
    } else this.keyed.delete(batch.orderingKey);
    if (this.timer !== null && this.current.count === 0 && this.keyed.size === 0) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
    const target = this.target();
    if (target === undefined) {
      batch.failRest(notFound("Topic", this.topicName));
      return;
    }
    this.lastCommitted = batch;
    target.commit(batch);
    if (unordered && batch.pos === batch.count && batch.settledWaiters === null) {
      batch.reset();
      this.spare = batch;
    }
  }

  private flushAll(): void {
    if (this.current.count > 0) this.flushBatch(this.current);
    for (const batch of [...this.keyed.values()]) this.flushBatch(batch);
  }

  /** Sends every pending message and resolves once all of them are committed or rejected. */
  async flush(): Promise<void> {
    for (;;) {
      this.flushAll();
      if (this.lastCommitted !== null) await this.lastCommitted.whenSettled();
      if (this.waiting.length === 0 && this.current.count === 0 && this.keyed.size === 0) return;
    }
  }

  /** Synchronous publish: flushes what is pending first so publish order is kept, then commits now. */
  publishNow(data: Buffer, attributes: Attributes, size: number, key: string): string {
    if (key !== "" && this.pausedKeys.has(key)) throw pausedKeyError(key);
    if (this.waiting.length > 0) throw flowControlFullError();
    if (key === "") {
      if (this.current.count > 0) this.flushBatch(this.current);
    } else {
      const pending = this.keyed.get(key);
      if (pending !== undefined) this.flushBatch(pending);
    }
    const target = this.target();
    try {
      if (target === undefined) throw notFound("Topic", this.topicName);
      return target.commitNow(data, attributes, size, key);
    } catch (error) {
      if (key !== "") this.pauseKey(key);
      throw error;
    }
  }

  isKeyPaused(key: string): boolean {
    return this.pausedKeys.has(key);
  }

  pauseKey(key: string): void {
    this.pausedKeys.add(key);
  }

  resumePublishing(key: string): void {
    this.pausedKeys.delete(key);
  }

  onBatchSettled(batch: Batch): void {
    if (!this.settings.flowControlled) return;
    this.outstandingMessages -= batch.count;
    this.outstandingBytes -= batch.bytes;
    this.admitWaiting();
  }

  private admitWaiting(): void {
    if (this.admitting) return;
    this.admitting = true;
    try {
      for (;;) {
        const next = this.waiting.peek();
        if (next === undefined) break;
        if (next.key !== "" && this.pausedKeys.has(next.key)) {
          this.waiting.shift();
          next.reject(pausedKeyError(next.key));
          continue;
        }
        if (publisherMustWait(this.outstandingMessages, this.outstandingBytes, next.size, this.settings))
          break;
        this.waiting.shift();
        this.outstandingMessages++;
        this.outstandingBytes += next.size;
        this.enqueue(next.data, next.attributes, next.size, next.key, next.resolve, next.reject);
      }
    } finally {
      this.admitting = false;
    }
  }
}

/** Where flushed batches go (the topic's server-side state). */
export interface CommitTarget {
  commit(batch: Batch): void;
  /** Commits one message now or throws (never waits); used by publishMessageSync. */
  commitNow(data: Buffer, attributes: Attributes, size: number, orderingKey: string): string;
}

/** A publish held back by publisher flow control until outstanding messages or bytes fall below the limits. */
export interface WaitingPublish {
  data: Buffer;
  attributes: Attributes;
  size: number;
  key: string;
  resolve: (id: string) => void;
  reject: (error: Error) => void;
}
