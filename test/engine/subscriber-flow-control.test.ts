import { describe, expect, test } from "bun:test";
import type { Message } from "../../engine/index.ts";
import { manualPubSub, settle } from "./helpers.ts";

describe("subscriber flow control", () => {
  test("outstanding messages never exceed maxMessages; acking releases more", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const sub = await topic.createSubscription("s", { flowControl: { maxMessages: 7 } });
    const held: Message[] = [];
    let maxHeld = 0;
    sub.on("message", (m: Message) => {
      held.push(m);
      maxHeld = Math.max(maxHeld, held.length);
    });
    for (let i = 0; i < 100; i++) void topic.publishMessage({ data: Buffer.from("x") });
    await settle();
    expect(held.length).toBe(7);
    let delivered = 7;
    while (delivered < 100) {
      const m = held.shift();
      m?.ack();
      await settle();
      delivered = pubsub.stats().delivered;
      expect(held.length).toBeLessThanOrEqual(7);
    }
    expect(maxHeld).toBe(7);
  });

  test("outstanding bytes never exceed maxBytes (a lone oversized message still flows)", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const sub = await topic.createSubscription("s", { flowControl: { maxBytes: 2500 } });
    const held: Message[] = [];
    let bytes = 0;
    let maxBytes = 0;
    sub.on("message", (m: Message) => {
      held.push(m);
      bytes += m.length;
      maxBytes = Math.max(maxBytes, bytes);
    });
    for (let i = 0; i < 10; i++) void topic.publishMessage({ data: Buffer.alloc(1000) });
    void topic.publishMessage({ data: Buffer.alloc(4000) });
    await topic.flush();
    await settle();
    expect(held.length).toBe(2);
    while (held.length > 0) {
      const m = held.shift() as Message;
      bytes -= m.length;
      m.ack();
      await settle();
    }
    expect(pubsub.stats().acked).toBe(11);
    expect(maxBytes).toBeLessThanOrEqual(4000);
    expect(maxBytes).toBeGreaterThan(0);
  });

  test("two subscribers on one subscription share the load, each within its own limit", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    await topic.createSubscription("s");
    const a = pubsub.subscription("s", { flowControl: { maxMessages: 3 } });
    const b = pubsub.subscription("s", { flowControl: { maxMessages: 5 } });
    const gotA: Message[] = [];
    const gotB: Message[] = [];
    a.on("message", (m: Message) => gotA.push(m));
    b.on("message", (m: Message) => gotB.push(m));
    for (let i = 0; i < 100; i++) void topic.publishMessage({ data: Buffer.from("x") });
    await settle();
    expect(gotA.length).toBe(3);
    expect(gotB.length).toBe(5);
  });
});
