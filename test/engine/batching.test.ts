import { describe, expect, test } from "bun:test";
import { BATCH_CAP_MAX_MESSAGES } from "../../engine/defaults.ts";
import { PubSub } from "../../engine/index.ts";
import { manualPubSub, settle } from "./helpers.ts";

const one = Buffer.alloc(10, 1);

describe("publisher batching", () => {
  test("count trigger: the 100th message flushes the batch at once (defaults)", async () => {
    const { pubsub, clock } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    for (let i = 0; i < 99; i++) void topic.publishMessage({ data: one });
    expect(pubsub.stats().published).toBe(0);
    void topic.publishMessage({ data: one });
    expect(pubsub.stats().published).toBe(100);
    expect(clock.pendingTimers()).toBe(0);
  });

  test("bytes trigger: a message that would overflow maxBytes flushes the batch first", async () => {
    const { pubsub } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { batching: { maxBytes: 25, maxMessages: 1000 } });
    void topic.publishMessage({ data: one });
    void topic.publishMessage({ data: one });
    expect(pubsub.stats().published).toBe(0);
    void topic.publishMessage({ data: one });
    expect(pubsub.stats().published).toBe(2);
    void topic.publishMessage({ data: Buffer.alloc(15) });
    expect(pubsub.stats().published).toBe(4);
  });

  test("time trigger: a partial batch flushes after maxMilliseconds on the injected clock", async () => {
    const { pubsub, clock } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { batching: { maxMilliseconds: 50 } });
    const id = topic.publishMessage({ data: one });
    clock.advance(49);
    expect(pubsub.stats().published).toBe(0);
    clock.advance(1);
    expect(pubsub.stats().published).toBe(1);
    expect(await id).toMatch(/^\d+$/);
  });

  test("explicit flush publishes a partial batch and resolves when committed", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const ids = [topic.publishMessage({ data: one }), topic.publishMessage({ data: one })];
    expect(pubsub.stats().published).toBe(0);
    await topic.flush();
    expect(pubsub.stats().published).toBe(2);
    expect(new Set(await Promise.all(ids)).size).toBe(2);
  });

  test("maxMessages is clamped to 1,000 per batch", async () => {
    const { pubsub } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { batching: { maxMessages: 5000, maxBytes: 1e9 } });
    for (let i = 0; i < BATCH_CAP_MAX_MESSAGES - 1; i++) void topic.publishMessage({ data: one });
    expect(pubsub.stats().published).toBe(0);
    void topic.publishMessage({ data: one });
    expect(pubsub.stats().published).toBe(BATCH_CAP_MAX_MESSAGES);
  });

  test("maxBytes is clamped to 9 MiB per batch", async () => {
    const { pubsub } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { batching: { maxBytes: 100 * 1024 * 1024, maxMessages: 1000 } });
    const mib = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < 8; i++) void topic.publishMessage({ data: mib });
    expect(pubsub.stats().published).toBe(0);
    void topic.publishMessage({ data: mib });
    expect(pubsub.stats().published).toBe(9);
  });

  test("delivery needs no timer: a full batch reaches the subscriber without advancing the clock", async () => {
    const { pubsub, clock } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const sub = await topic.createSubscription("s");
    let got = 0;
    sub.on("message", (m) => {
      got++;
      m.ack();
    });
    for (let i = 0; i < 100; i++) void topic.publishMessage({ data: one });
    await settle();
    expect(got).toBe(100);
    void clock;
  });

  test("real clock default: a single message is delivered after the 10 ms batch window", async () => {
    const pubsub = new PubSub();
    const topic = await pubsub.createTopic("t");
    expect(await topic.publishMessage({ data: one })).toMatch(/^\d+$/);
  });
});
