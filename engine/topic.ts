import { Batcher } from "./batcher.ts";
import { invalidArgument, notFound } from "./errors.ts";
import type { Attributes } from "./message.ts";
import { type PublishOptions, type PublishSettings, resolvePublishSettings } from "./publish-settings.ts";
import { type PublishInput, type ValidatedPublish, validatePublish } from "./publish-validation.ts";
import { type Registry, shortName } from "./registry.ts";
import { Subscription, type SubscriptionOptions } from "./subscription.ts";
import type { CreateSubscriptionOptions } from "./subscription-config.ts";

const orderingDisabled = () =>
  invalidArgument(
    "orderingKey was set but message ordering is off for this topic handle. Use pubsub.topic(name, { messageOrdering: true }).",
  );

/** Client-side topic handle with its own publisher (batching, flow control, ordering), like the client's Topic. */
export class Topic {
  readonly name: string;
  private settings: PublishSettings;
  private batcher: Batcher;
  private readonly scratch: ValidatedPublish = { data: Buffer.alloc(0), attributes: {}, size: 0 };

  constructor(
    private readonly registry: Registry,
    name: string,
    options?: PublishOptions,
  ) {
    this.name = shortName(name, "Topic");
    this.settings = resolvePublishSettings(options);
    this.batcher = this.newBatcher();
  }

  private newBatcher(): Batcher {
    return new Batcher(this.name, this.settings, this.registry.clock, () =>
      this.registry.topics.get(this.name),
    );
  }

  /** Replaces publish options; pending messages are flushed under the old settings first. */
  setPublishOptions(options: PublishOptions): void {
    void this.batcher.flush();
    this.settings = resolvePublishSettings(options);
    this.batcher = this.newBatcher();
  }

  publishMessage(message: PublishInput): Promise<string> {
    const v = this.scratch;
    const error = validatePublish(message, v);
    if (error !== null) return Promise.reject(error);
    const key = message.orderingKey ?? "";
    if (key !== "" && !this.settings.messageOrdering) return Promise.reject(orderingDisabled());
    const batcher = this.batcher;
    const data = v.data;
    const attributes = v.attributes;
    const size = v.size;
    return new Promise<string>((resolve, reject) =>
      batcher.add(data, attributes, size, key, resolve, reject),
    );
  }

  /** Legacy client signature. */
  publish(data: Buffer | Uint8Array, attributes?: Attributes): Promise<string> {
    return this.publishMessage({ data, attributes });
  }

  /**
   * Synchronous fast path: validates and commits immediately (a batch of one) after flushing anything pending
   * for the same key, so order holds. Throws instead of waiting (RESOURCE_EXHAUSTED when it would block).
   */
  publishMessageSync(message: PublishInput): string {
    const v = this.scratch;
    const error = validatePublish(message, v);
    if (error !== null) throw error;
    const key = message.orderingKey ?? "";
    if (key !== "" && !this.settings.messageOrdering) throw orderingDisabled();
    return this.batcher.publishNow(v.data, v.attributes, v.size, key);
  }

  flush(): Promise<void> {
    return this.batcher.flush();
  }

  resumePublishing(orderingKey: string): void {
    this.batcher.resumePublishing(orderingKey);
  }

  async exists(): Promise<boolean> {
    return this.registry.topics.has(this.name);
  }

  async create(): Promise<Topic> {
    this.registry.createTopic(this.name);
    return this;
  }

  async delete(): Promise<void> {
    this.registry.deleteTopic(this.name);
  }

  async createSubscription(
    name: string,
    options?: CreateSubscriptionOptions & SubscriptionOptions,
  ): Promise<Subscription> {
    const subName = shortName(name, "Subscription");
    this.registry.createSubscription(this.name, subName, options);
    return new Subscription(this.registry, subName, options);
  }

  subscription(name: string, options?: SubscriptionOptions): Subscription {
    return new Subscription(this.registry, shortName(name, "Subscription"), options);
  }

  async getSubscriptions(): Promise<Subscription[]> {
    const state = this.registry.topics.get(this.name);
    if (state === undefined) throw notFound("Topic", this.name);
    return state.subscriptions.map((s) => new Subscription(this.registry, s.name));
  }
}
