import type { Clock } from "./clock.ts";
import { alreadyExists, invalidArgument, notFound } from "./errors.ts";
import { MessageIdSequence } from "./message-id.ts";
import { type CreateSubscriptionOptions, resolveSubscriptionConfig } from "./subscription-config.ts";
import { SubscriptionState } from "./subscription-state.ts";
import { addStats, emptySubscriptionStats, type SubscriptionStats } from "./subscription-stats.ts";
import { TopicState } from "./topic-state.ts";

const RESOURCE_PATH = /^projects\/[^/]+\/(?:topics|subscriptions)\/(.+)$/;

/** Accepts short names and full resource paths (projects/p/topics/t), like the client. */
export function shortName(name: string, kind: string): string {
  if (typeof name !== "string" || name === "")
    throw invalidArgument(`${kind} name must be a non-empty string.`);
  return RESOURCE_PATH.exec(name)?.[1] ?? name;
}

/** The in-process "service": all topics and subscriptions of one PubSub instance. */
export class Registry {
  readonly topics = new Map<string, TopicState>();
  readonly subscriptions = new Map<string, SubscriptionState>();
  private readonly ids = new MessageIdSequence();
  private publishedByDeleted = 0;
  private readonly statsOfDeleted = emptySubscriptionStats();

  constructor(readonly clock: Clock) {}

  readonly nextMessageId = this.ids.next;

  createTopic(name: string): TopicState {
    if (this.topics.has(name)) throw alreadyExists("Topic", name);
    const state = new TopicState(name, this.clock, this.nextMessageId);
    this.topics.set(name, state);
    return state;
  }

  deleteTopic(name: string): void {
    const state = this.topics.get(name);
    if (state === undefined) throw notFound("Topic", name);
    this.topics.delete(name);
    this.publishedByDeleted += state.published;
    state.destroy();
  }

  createSubscription(
    topicName: string,
    name: string,
    options?: CreateSubscriptionOptions,
  ): SubscriptionState {
    const topic = this.topics.get(topicName);
    if (topic === undefined) throw notFound("Topic", topicName);
    if (this.subscriptions.has(name)) throw alreadyExists("Subscription", name);
    const config = resolveSubscriptionConfig(options);
    if (config.deadLetter !== null) {
      config.deadLetter.topic = shortName(config.deadLetter.topic, "Dead-letter topic");
      if (!this.topics.has(config.deadLetter.topic)) throw notFound("Topic", config.deadLetter.topic);
    }
    const resolveTopic = (n: string) => this.topics.get(n);
    const state = new SubscriptionState(name, topic, topicName, config, this.clock, resolveTopic);
    this.subscriptions.set(name, state);
    topic.subscriptions.push(state);
    return state;
  }

  deleteSubscription(name: string): void {
    const state = this.subscriptions.get(name);
    if (state === undefined) throw notFound("Subscription", name);
    this.subscriptions.delete(name);
    addStats(this.statsOfDeleted, state.snapshot());
    const topic = this.topics.get(state.topicName);
    if (topic !== undefined && state.topic === topic) {
      const i = topic.subscriptions.indexOf(state);
      if (i >= 0) topic.subscriptions.splice(i, 1);
    }
    state.destroy();
  }

  /** Engine-wide counters: live subscriptions plus everything deleted ones had counted. */
  stats(): SubscriptionStats & { published: number; topics: number; subscriptions: number } {
    const total = emptySubscriptionStats();
    addStats(total, this.statsOfDeleted);
    total.outstanding = 0;
    total.backlog = 0;
    total.backlogBytes = 0;
    for (const sub of this.subscriptions.values()) addStats(total, sub.snapshot());
    let published = this.publishedByDeleted;
    for (const topic of this.topics.values()) published += topic.published;
    return { ...total, published, topics: this.topics.size, subscriptions: this.subscriptions.size };
  }
}
