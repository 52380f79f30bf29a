import { describe, expect, test } from "bun:test";
import { collect, manualPubSub, publishN, settle } from "./helpers.ts";

describe("ack deadlines", () => {
  test("an unacked message is redelivered after the 10 s default deadline with deliveryAttempt + 1", async () => {
    const { pubsub, clock } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const got = collect(await topic.createSubscription("s"));
    await publishN(topic, 1);
    await settle();
    expect(got.map((m) => m.deliveryAttempt)).toEqual([1]);
    clock.advance(9_999);
    await settle();
    expect(got.length).toBe(1);
    clock.advance(1);
    await settle();
    expect(got.map((m) => m.deliveryAttempt)).toEqual([1, 2]);
    expect(got[1]?.id).toBe(got[0]?.id as string);
    expect(got[1]?.ackId).not.toBe(got[0]?.ackId as string);
    expect(pubsub.stats().expired).toBe(1);
  });

  test("an acked message is never redelivered; a stale ack after expiry is ignored", async () => {
    const { pubsub, clock } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const got = collect(await topic.createSubscription("s", { ackDeadlineSeconds: 20 }));
    await publishN(topic, 2);
    await settle();
    got[0]?.ack();
    clock.advance(20_000);
    await settle();
    expect(got.map((m) => m.data.toString())).toEqual(["m0", "m1", "m1"]);
    got[1]?.ack();
    expect(pubsub.stats().backlog).toBe(1);
    got[2]?.ack();
    expect(pubsub.stats().backlog).toBe(0);
  });

  test("modAck extends the deadline; modAck(0) redelivers at once like nack", async () => {
    const { pubsub, clock } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const got = collect(await topic.createSubscription("s"));
    await publishN(topic, 2);
    await settle();
    got[0]?.modAck(60);
    clock.advance(10_000);
    await settle();
    expect(got.map((m) => m.data.toString())).toEqual(["m0", "m1", "m1"]);
    got[2]?.modAck(0);
    await settle();
    expect(got.length).toBe(4);
    expect(got[3]?.deliveryAttempt).toBe(3);
    got[3]?.ack();
    clock.advance(49_999);
    await settle();
    expect(got.length).toBe(4);
    clock.advance(1);
    await settle();
    expect(got.map((m) => m.data.toString())).toEqual(["m0", "m1", "m1", "m1", "m0"]);
  });
});
