import { describe, expect, test } from "bun:test";
import { MAX_MESSAGE_BYTES } from "../../engine/defaults.ts";
import { PubSub, type PubSubError } from "../../engine/index.ts";

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  return p.then(
    () => undefined,
    (e: PubSubError) => e.code,
  );
}

describe("publish validation", () => {
  test("data must be a Buffer or Uint8Array", async () => {
    const topic = await new PubSub().createTopic("t");
    expect(await codeOf(topic.publishMessage({ data: "text" as unknown as Buffer }))).toBe(
      "INVALID_ARGUMENT",
    );
    expect(await codeOf(topic.publishMessage({ data: new Uint8Array([1, 2]) }))).toBeUndefined();
  });

  test("a message needs data or at least one attribute", async () => {
    const topic = await new PubSub().createTopic("t");
    expect(await codeOf(topic.publishMessage({}))).toBe("INVALID_ARGUMENT");
    expect(await codeOf(topic.publishMessage({ data: Buffer.alloc(0) }))).toBe("INVALID_ARGUMENT");
    expect(await codeOf(topic.publishMessage({ attributes: { k: "v" } }))).toBeUndefined();
  });

  test("attribute values must be strings", async () => {
    const topic = await new PubSub().createTopic("t");
    const bad = { data: Buffer.from("x"), attributes: { n: 1 as unknown as string } };
    expect(await codeOf(topic.publishMessage(bad))).toBe("INVALID_ARGUMENT");
  });

  test("messages over 10 MB are rejected, at the limit accepted", async () => {
    const topic = await new PubSub().createTopic("t");
    expect(await codeOf(topic.publishMessage({ data: Buffer.alloc(MAX_MESSAGE_BYTES + 1) }))).toBe(
      "INVALID_ARGUMENT",
    );
    expect(await codeOf(topic.publishMessage({ data: Buffer.alloc(MAX_MESSAGE_BYTES) }))).toBeUndefined();
  });

  test("an ordering key needs a messageOrdering handle", async () => {
    const pubsub = new PubSub();
    await pubsub.createTopic("t");
    const plain = pubsub.topic("t");
    expect(await codeOf(plain.publishMessage({ data: Buffer.from("x"), orderingKey: "k" }))).toBe(
      "INVALID_ARGUMENT",
    );
    const ordered = pubsub.topic("t", { messageOrdering: true });
    expect(
      await codeOf(ordered.publishMessage({ data: Buffer.from("x"), orderingKey: "k" })),
    ).toBeUndefined();
  });

  test("publishMessageSync validates the same way and returns an id", async () => {
    const topic = await new PubSub().createTopic("t");
    expect(() => topic.publishMessageSync({})).toThrow("INVALID_ARGUMENT");
    expect(topic.publishMessageSync({ data: Buffer.from("x") })).toMatch(/^\d+$/);
  });
});
