import { describe, expect, test } from "bun:test";
import type { Message, PubSubError } from "../../engine/index.ts";
import { manualPubSub, settle } from "./helpers.ts";

describe("ordering keys", () => {
  test("under load with nacks, each key is delivered in publish order, one at a time", async () => {
    const { pubsub } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { messageOrdering: true, batching: { maxMessages: 7 } });
    const sub = await topic.createSubscription("s", { enableMessageOrdering: true, maxBacklogMessages: 500 });
    const keys = ["a", "b", "c", "d", "e", "f", "g", "h"];
    const acked = new Map<string, number[]>(keys.map((k) => [k, []]));
    const inFlight = new Map<string, number>();
    let violations = 0;
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    sub.on("message", (m: Message) => {
      if (inFlight.has(m.orderingKey)) violations++;
      inFlight.set(m.orderingKey, Number(m.data.toString()));
      const finish = () => {
        inFlight.delete(m.orderingKey);
        if (rand() < 0.1) return m.nack();
        acked.get(m.orderingKey)?.push(Number(m.data.toString()));
        m.ack();
      };
      if (rand() < 0.5) finish();
      else setImmediate(finish);
    });
    const perKeyPublished = new Map<string, number[]>(keys.map((k) => [k, []]));
    const publishes: Promise<string>[] = [];
    for (let i = 0; i < 5000; i++) {
      const key = keys[Math.floor(rand() * keys.length)] as string;
      perKeyPublished.get(key)?.push(i);
      publishes.push(topic.publishMessage({ data: Buffer.from(String(i)), orderingKey: key }));
    }
    await topic.flush();
    await Promise.all(publishes);
    for (let i = 0; i < 200 && pubsub.stats().backlog > 0; i++) await settle();
    expect(violations).toBe(0);
    for (const key of keys) expect(acked.get(key)).toEqual(perKeyPublished.get(key) as number[]);
    expect(pubsub.stats().nacked).toBeGreaterThan(0);
  });

  test("a publish failure pauses the key until resumePublishing; other keys continue", async () => {
    const { pubsub } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { messageOrdering: true, batching: { maxMessages: 1 } });
    const sub = await topic.createSubscription("s", { maxBacklogMessages: 2, onBacklogFull: "reject" });
    const data = Buffer.from("x");
    await topic.publishMessage({ data, orderingKey: "k" });
    await topic.publishMessage({ data, orderingKey: "k" });
    const full = await topic.publishMessage({ data, orderingKey: "k" }).catch((e: PubSubError) => e.code);
    expect(full).toBe("RESOURCE_EXHAUSTED");
    const got: Message[] = [];
    sub.on("message", (m: Message) => got.push(m));
    await settle();
    for (const m of got) m.ack();
    const paused = await topic.publishMessage({ data, orderingKey: "k" }).catch((e: PubSubError) => e);
    expect((paused as PubSubError).code).toBe("FAILED_PRECONDITION");
    expect((paused as PubSubError).message).toContain("resumePublishing");
    expect(await topic.publishMessage({ data, orderingKey: "other" })).toMatch(/^\d+$/);
    topic.resumePublishing("k");
    expect(await topic.publishMessage({ data, orderingKey: "k" })).toMatch(/^\d+$/);
  });

  test("publish order per key survives back-pressure at the backlog bound", async () => {
    const { pubsub } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { messageOrdering: true, batching: { maxMessages: 3 } });
    const sub = await topic.createSubscription("s", { enableMessageOrdering: true, maxBacklogMessages: 4 });
    const seen: string[] = [];
    sub.on("message", (m: Message) => {
      seen.push(`${m.orderingKey}${m.data.toString()}`);
      setImmediate(() => m.ack());
    });
    const ps: Promise<string>[] = [];
    for (let i = 0; i < 60; i++)
      ps.push(topic.publishMessage({ data: Buffer.from(String(i)), orderingKey: i % 2 ? "x" : "y" }));
    await topic.flush();
    await Promise.all(ps);
    for (let i = 0; i < 50 && seen.length < 60; i++) await settle();
    const order = (k: string) => seen.filter((s) => s.startsWith(k)).map((s) => Number(s.slice(1)));
    expect(order("x")).toEqual([...Array(30).keys()].map((i) => i * 2 + 1));
    expect(order("y")).toEqual([...Array(30).keys()].map((i) => i * 2));
  });
});
