import { describe, expect, test } from "bun:test";
import { collect, manualPubSub, publishN, settle } from "./helpers.ts";

describe("nack and retry backoff", () => {
  test("without a retry policy a nacked message is redelivered immediately", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const got = collect(await topic.createSubscription("s"));
    await publishN(topic, 1);
    await settle();
    got[0]?.nack();
    await settle();
    expect(got.map((m) => m.deliveryAttempt)).toEqual([1, 2]);
    expect(pubsub.stats().nacked).toBe(1);
  });

  test("with a retry policy redelivery waits min * 2^(n-1), capped at max", async () => {
    const { pubsub, clock } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const sub = await topic.createSubscription("s", {
      retryPolicy: { minimumBackoffSeconds: 10, maximumBackoffSeconds: 30 },
    });
    const got = collect(sub);
    await publishN(topic, 1);
    await settle();
    const expectWait = async (waitMs: number) => {
      const before = got.length;
      got[before - 1]?.nack();
      clock.advance(waitMs - 1);
      await settle();
      expect(got.length).toBe(before);
      clock.advance(1);
      await settle();
      expect(got.length).toBe(before + 1);
    };
    await expectWait(10_000);
    await expectWait(20_000);
    await expectWait(30_000);
    await expectWait(30_000);
    expect(got.map((m) => m.deliveryAttempt)).toEqual([1, 2, 3, 4, 5]);
  });

  test("default retry policy backoff is 10 s minimum", async () => {
    const { pubsub, clock } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const got = collect(await topic.createSubscription("s", { retryPolicy: {} }));
    await publishN(topic, 1);
    await settle();
    got[0]?.nack();
    clock.advance(9_999);
    await settle();
    expect(got.length).toBe(1);
    clock.advance(1);
    await settle();
    expect(got.length).toBe(2);
  });
});
