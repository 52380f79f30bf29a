import { type Clock, realClock } from "./clock.ts";
import type { PublishOptions } from "./publish-settings.ts";
import { Registry, shortName } from "./registry.ts";
import { Subscription, type SubscriptionOptions } from "./subscription.ts";
import type { CreateSubscriptionOptions } from "./subscription-config.ts";
import type { SubscriptionStats } from "./subscription-stats.ts";
import { Topic } from "./topic.ts";

export interface PubSubOptions {
  /** Time source for batching, ack deadlines and backoff (default: real time). */
  clock?: Clock;
}

export type EngineStats = SubscriptionStats & { published: number; topics: number; subscriptions: number };

/** In-process Pub/Sub "service + client" with the @google-cloud/pubsub v5 surface used by the scenarios. */
export class PubSub {
  private readonly registry: Registry;

  constructor(options: PubSubOptions = {}) {
    this.registry = new Registry(options.clock ?? realClock);
  }

  get clock(): Clock {
    return this.registry.clock;
  }

  async createTopic(name: string, options?: PublishOptions): Promise<Topic> {
    const short = shortName(name, "Topic");
    this.registry.createTopic(short);
    return new Topic(this.registry, short, options);
  }

  topic(name: string, options?: PublishOptions): Topic {
    return new Topic(this.registry, name, options);
  }

  async getTopics(): Promise<Topic[]> {
    return [...this.registry.topics.keys()].map((name) => new Topic(this.registry, name));
  }

  async createSubscription(
    topic: string | Topic,
    name: string,
    options?: CreateSubscriptionOptions & SubscriptionOptions,
  ): Promise<Subscription> {
    const topicName = typeof topic === "string" ? shortName(topic, "Topic") : topic.name;
    return new Topic(this.registry, topicName).createSubscription(name, options);
  }

  subscription(name: string, options?: SubscriptionOptions): Subscription {
    return new Subscription(this.registry, shortName(name, "Subscription"), options);
  }

  async getSubscriptions(): Promise<Subscription[]> {
    return [...this.registry.subscriptions.keys()].map((name) => new Subscription(this.registry, name));
  }

  /** Engine-wide counters for accounting (published, delivered, acked, ..., outstanding, backlog). */
  stats(): EngineStats {
    return this.registry.stats();
  }
}
