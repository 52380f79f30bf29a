import { ManualClock, type Message, PubSub, type Subscription, type Topic } from "../../engine/index.ts";

/** Lets queued microtasks (drains, promise resolutions) run; the engine never needs a timer for this. */
export async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}

export function manualPubSub(): { pubsub: PubSub; clock: ManualClock } {
  const clock = new ManualClock();
  return { pubsub: new PubSub({ clock }), clock };
}

export const payload = (text: string): Buffer => Buffer.from(text);

/** Collects every delivered message (without acking) on a subscription. */
export function collect(sub: Subscription): Message[] {
  const got: Message[] = [];
  sub.on("message", (m: Message) => got.push(m));
  return got;
}

/** Publishes n messages with 1-message batches so each one commits immediately. */
export async function publishN(topic: Topic, n: number, prefix = "m"): Promise<string[]> {
  const ids: Promise<string>[] = [];
  for (let i = 0; i < n; i++) ids.push(topic.publishMessage({ data: payload(`${prefix}${i}`) }));
  await topic.flush();
  return Promise.all(ids);
}
