import { describe, expect, test } from "bun:test";
import { manualPubSub, settle } from "./helpers.ts";

describe("publisher flow control", () => {
  test("publish waits while maxOutstandingMessages are unsettled, then proceeds in order", async () => {
    const { pubsub, clock } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", {
      batching: { maxMessages: 100, maxMilliseconds: 10 },
      flowControlOptions: { maxOutstandingMessages: 2 },
    });
    const settled: number[] = [];
    const ps = [0, 1, 2, 3, 4].map((i) =>
      topic.publishMessage({ data: Buffer.from(`m${i}`) }).then(() => settled.push(i)),
    );
    clock.advance(10);
    await settle();
    expect(settled).toEqual([0, 1]);
    expect(pubsub.stats().published).toBe(2);
    clock.advance(10);
    await settle();
    expect(settled).toEqual([0, 1, 2, 3]);
    clock.advance(10);
    await Promise.all(ps);
    expect(settled).toEqual([0, 1, 2, 3, 4]);
  });

  test("maxOutstandingBytes holds publishes back too; flush() drains everything", async () => {
    const { pubsub } = manualPubSub();
    await pubsub.createTopic("t");
    const topic = pubsub.topic("t", { flowControlOptions: { maxOutstandingBytes: 100 } });
    const ps = [0, 1, 2].map(() => topic.publishMessage({ data: Buffer.alloc(60) }));
    expect(pubsub.stats().published).toBe(0);
    await topic.flush();
    expect(pubsub.stats().published).toBe(3);
    expect((await Promise.all(ps)).length).toBe(3);
  });
});
