import { describe, expect, test } from "bun:test";
import { BACKLOG_DEFAULT_MAX_MESSAGES } from "../../engine/defaults.ts";
import type { Message, PubSubError } from "../../engine/index.ts";
import { manualPubSub, settle } from "./helpers.ts";

describe("bounded backlog", () => {
  test("at the bound, publish promises wait (back-pressure) and resume as messages are acked", async () => {
    const { pubsub } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { batching: { maxMessages: 1 } });
    const sub = await topic.createSubscription("s", { maxBacklogMessages: 5 });
    let resolved = 0;
    for (let i = 0; i < 8; i++)
      void topic.publishMessage({ data: Buffer.from(`${i}`) }).then(() => resolved++);
    await settle();
    expect(resolved).toBe(5);
    expect(sub.stats().backlog).toBe(5);
    const got: Message[] = [];
    sub.on("message", (m: Message) => got.push(m));
    await settle();
    got[0]?.ack();
    got[1]?.ack();
    await settle();
    expect(resolved).toBe(7);
    expect(sub.stats().backlog).toBe(5);
    for (const m of got) m.ack();
    await settle();
    expect(resolved).toBe(8);
    expect(got.map((m) => m.data.toString()).slice(0, 7)).toEqual(["0", "1", "2", "3", "4", "5", "6"]);
  });

  test("the byte bound blocks too", async () => {
    const { pubsub } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { batching: { maxMessages: 1 } });
    const sub = await topic.createSubscription("s", { maxBacklogBytes: 3000 });
    let resolved = 0;
    for (let i = 0; i < 5; i++)
      void topic.publishMessage({ data: Buffer.alloc(1000) }).then(() => resolved++);
    await settle();
    expect(resolved).toBe(3);
    expect(sub.stats().backlogBytes).toBe(3000);
  });

  test('onBacklogFull: "reject" fails publishes with RESOURCE_EXHAUSTED instead', async () => {
    const { pubsub } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { batching: { maxMessages: 1 } });
    await topic.createSubscription("s", { maxBacklogMessages: 2, onBacklogFull: "reject" });
    const results = await Promise.allSettled(
      [0, 1, 2].map(() => topic.publishMessage({ data: Buffer.from("x") })),
    );
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    const reason = (results[2] as PromiseRejectedResult).reason as PubSubError;
    expect(reason.code).toBe("RESOURCE_EXHAUSTED");
    expect(() => topic.publishMessageSync({ data: Buffer.from("x") })).toThrow("RESOURCE_EXHAUSTED");
  });

  test("there is a default bound, and deleting the subscription releases blocked publishers", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const sub = await topic.createSubscription("s");
    let resolved = 0;
    const n = BACKLOG_DEFAULT_MAX_MESSAGES + 50;
    const last = [];
    for (let i = 0; i < n; i++)
      last.push(topic.publishMessage({ attributes: { i: "1" } }).then(() => resolved++));
    void topic.flush();
    await settle();
    expect(sub.stats().backlog).toBe(BACKLOG_DEFAULT_MAX_MESSAGES);
    expect(resolved).toBe(BACKLOG_DEFAULT_MAX_MESSAGES);
    await sub.delete();
    await Promise.all(last);
    expect(resolved).toBe(n);
  });
});
