import { describe, expect, test } from "bun:test";
import type { Message } from "../../engine/index.ts";
import { collect, manualPubSub, publishN, settle } from "./helpers.ts";

describe("close", () => {
  test("close() nacks what the handle holds, emits 'close', and another handle gets the messages", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const first = await topic.createSubscription("s");
    const held = collect(first);
    let closed = false;
    first.on("close", () => {
      closed = true;
    });
    await publishN(topic, 3);
    await settle();
    expect(held.length).toBe(3);
    await first.close();
    expect(closed).toBe(true);
    expect(pubsub.stats().outstanding).toBe(0);
    held[0]?.ack();
    expect(pubsub.stats().acked).toBe(0);
    const second = collect(pubsub.subscription("s"));
    await settle();
    expect(second.map((m) => m.deliveryAttempt)).toEqual([2, 2, 2]);
  });

  test("once('message') gets its message and the handle closes after", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const sub = await topic.createSubscription("s");
    const got = new Promise<Message>((resolve) =>
      sub.once("message", (m: Message) => {
        m.ack();
        resolve(m);
      }),
    );
    await publishN(topic, 2);
    await got;
    await settle();
    expect(sub.isOpen).toBe(false);
    expect(pubsub.stats().acked).toBe(1);
    expect(pubsub.stats().backlog).toBe(1);
  });

  test("a listener that throws reports 'error' and delivery continues", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const sub = await topic.createSubscription("s");
    const errors: unknown[] = [];
    let seen = 0;
    sub.on("error", (e) => errors.push(e));
    sub.on("message", (m: Message) => {
      seen++;
      m.ack();
      if (seen === 1) throw new Error("boom");
    });
    await publishN(topic, 3);
    await settle();
    expect(seen).toBe(3);
    expect(errors.length).toBe(1);
  });
});
