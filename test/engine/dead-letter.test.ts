import { describe, expect, test } from "bun:test";
import { collect, manualPubSub, publishN, settle } from "./helpers.ts";

describe("dead-lettering", () => {
  test("after maxDeliveryAttempts the message goes to the dead-letter topic, not back to the subscriber", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const dlt = await pubsub.createTopic("dlt");
    const dead = collect(await dlt.createSubscription("dead"));
    const sub = await topic.createSubscription("s", {
      deadLetterPolicy: { deadLetterTopic: "dlt", maxDeliveryAttempts: 5 },
    });
    const attempts: number[] = [];
    sub.on("message", (m) => {
      attempts.push(m.deliveryAttempt);
      // Bounded so a broken dead-letter rule fails the test instead of nacking forever.
      if (m.deliveryAttempt > 10) m.ack();
      else m.nack();
    });
    await publishN(topic, 1);
    await settle(10);
    expect(attempts).toEqual([1, 2, 3, 4, 5]);
    expect(dead.length).toBe(1);
    expect(dead[0]?.data.toString()).toBe("m0");
    expect(dead[0]?.attributes.CloudPubSubDeadLetterSourceDeliveryCount).toBe("5");
    expect(dead[0]?.attributes.CloudPubSubDeadLetterSourceSubscription).toBe("s");
    const stats = sub.stats();
    expect(stats.deadLettered).toBe(1);
    expect(stats.backlog).toBe(0);
  });

  test("deadline expiries count as delivery attempts", async () => {
    const { pubsub, clock } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const dlt = await pubsub.createTopic("dlt");
    const dead = collect(await dlt.createSubscription("dead"));
    const got = collect(
      await topic.createSubscription("s", { deadLetterPolicy: { deadLetterTopic: "projects/p/topics/dlt" } }),
    );
    await publishN(topic, 1);
    await settle();
    for (let i = 0; i < 5; i++) {
      clock.advance(10_000);
      await settle();
    }
    expect(got.length).toBe(5);
    expect(dead.length).toBe(1);
  });
});
