import type { PubSubError } from "./errors.ts";
import type { Attributes } from "./message.ts";

/** What a batch reports back to the publisher that created it. */
export interface BatchOwner {
  isKeyPaused(orderingKey: string): boolean;
  pauseKey(orderingKey: string): void;
  onBatchSettled(batch: Batch): void;
}

/**
 * Messages flushed together (one "Publish RPC"). Parallel arrays instead of a record per message keep the
 * publish hot path to a few array pushes. All messages share one ordering key ("" = unordered).
 */
export class Batch {
  readonly datas: Buffer[] = [];
  readonly attributes: Attributes[] = [];
  readonly sizes: number[] = [];
  readonly resolves: ((id: string) => void)[] = [];
  readonly rejects: ((error: Error) => void)[] = [];
  count = 0;
  bytes = 0;
  /** Index of the first message not yet committed (a blocked batch resumes here). */
  pos = 0;
  settledWaiters: (() => void)[] | null = null;

  constructor(
    readonly owner: BatchOwner,
    readonly orderingKey: string,
  ) {}

  add(
    data: Buffer,
    attributes: Attributes,
    size: number,
    resolve: (id: string) => void,
    reject: (error: Error) => void,
  ): void {
    const i = this.count;
    this.datas[i] = data;
    this.attributes[i] = attributes;
    this.sizes[i] = size;
    this.resolves[i] = resolve;
    this.rejects[i] = reject;
    this.count = i + 1;
    this.bytes += size;
  }

  /** Makes a settled batch reusable; stale slots are overwritten by the next fill (at most one batch held). */
  reset(): void {
    this.count = 0;
    this.bytes = 0;
    this.pos = 0;
  }

  /** Rejects message i; a failure on an ordering key pauses that key like the client does. */
  fail(i: number, error: PubSubError): void {
    if (this.orderingKey !== "") this.owner.pauseKey(this.orderingKey);
    (this.rejects[i] as (error: Error) => void)(error);
  }

  /** Rejects every message from pos on and settles the batch. */
  failRest(error: PubSubError): void {
    for (let i = this.pos; i < this.count; i++) this.fail(i, error);
    this.pos = this.count;
    this.settle();
  }

  settle(): void {
    this.owner.onBatchSettled(this);
    const waiters = this.settledWaiters;
    if (waiters !== null) {
      this.settledWaiters = null;
      for (const w of waiters) w();
    }
  }

  /** Resolves when every message of this batch is committed or rejected. */
  whenSettled(): Promise<void> {
    if (this.pos >= this.count) return Promise.resolve();
    return new Promise((resolve) => {
      this.settledWaiters ??= [];
      this.settledWaiters.push(resolve);
    });
  }
}
