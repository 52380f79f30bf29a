import { describe, expect, test } from "bun:test";
import { PubSub, PubSubError } from "../../engine/index.ts";

describe("admin", () => {
  test("creates, lists, checks and deletes topics", async () => {
    const pubsub = new PubSub();
    const topic = await pubsub.createTopic("t1");
    await pubsub.createTopic("projects/p/topics/t2");
    expect(topic.name).toBe("t1");
    expect((await pubsub.getTopics()).map((t) => t.name).sort()).toEqual(["t1", "t2"]);
    expect(await pubsub.topic("t2").exists()).toBe(true);
    await pubsub.topic("t2").delete();
    expect(await pubsub.topic("t2").exists()).toBe(false);
  });

  test("typed errors: ALREADY_EXISTS and NOT_FOUND with a next step", async () => {
    const pubsub = new PubSub();
    await pubsub.createTopic("t");
    const dup = await pubsub.createTopic("t").catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(PubSubError);
    expect((dup as PubSubError).code).toBe("ALREADY_EXISTS");
    expect((dup as PubSubError).message).toContain("pubsub.topic(");
    const missing = await pubsub
      .topic("nope")
      .delete()
      .catch((e: unknown) => e);
    expect((missing as PubSubError).code).toBe("NOT_FOUND");
    const noTopicSub = await pubsub
      .topic("nope")
      .createSubscription("s")
      .catch((e: unknown) => e);
    expect((noTopicSub as PubSubError).code).toBe("NOT_FOUND");
  });

  test("subscriptions: create, list, duplicate, delete", async () => {
    const pubsub = new PubSub();
    const topic = await pubsub.createTopic("t");
    await topic.createSubscription("a");
    await pubsub.createSubscription("t", "b");
    expect((await pubsub.getSubscriptions()).map((s) => s.name).sort()).toEqual(["a", "b"]);
    expect((await topic.getSubscriptions()).length).toBe(2);
    const dup = await topic.createSubscription("a").catch((e: unknown) => e);
    expect((dup as PubSubError).code).toBe("ALREADY_EXISTS");
    await pubsub.subscription("a").delete();
    expect(await pubsub.subscription("a").exists()).toBe(false);
    const again = await pubsub
      .subscription("a")
      .delete()
      .catch((e: unknown) => e);
    expect((again as PubSubError).code).toBe("NOT_FOUND");
  });

  test("subscription options are validated (INVALID_ARGUMENT)", async () => {
    const pubsub = new PubSub();
    const topic = await pubsub.createTopic("t");
    const cases = [
      { ackDeadlineSeconds: 5 },
      { ackDeadlineSeconds: 601 },
      { retryPolicy: { minimumBackoffSeconds: 30, maximumBackoffSeconds: 20 } },
      { deadLetterPolicy: { deadLetterTopic: "t", maxDeliveryAttempts: 4 } },
      { filter: "attributes.k == " },
    ];
    for (const [i, options] of cases.entries()) {
      const error = await topic.createSubscription(`s${i}`, options).catch((e: unknown) => e);
      expect((error as PubSubError).code).toBe("INVALID_ARGUMENT");
    }
    const dlq = await topic
      .createSubscription("d", { deadLetterPolicy: { deadLetterTopic: "missing" } })
      .catch((e: unknown) => e);
    expect((dlq as PubSubError).code).toBe("NOT_FOUND");
  });

  test("publishing to a deleted topic rejects NOT_FOUND", async () => {
    const pubsub = new PubSub();
    const topic = await pubsub.createTopic("t");
    await topic.delete();
    const error = await topic.publishMessage({ data: Buffer.from("x") }).catch((e: unknown) => e);
    expect((error as PubSubError).code).toBe("NOT_FOUND");
  });

  test("a 'message' listener on a missing subscription emits NOT_FOUND", async () => {
    const pubsub = new PubSub();
    const sub = pubsub.subscription("ghost");
    const error = await new Promise<unknown>((resolve) => {
      sub.on("error", resolve);
      sub.on("message", () => {});
    });
    expect((error as PubSubError).code).toBe("NOT_FOUND");
  });
});
