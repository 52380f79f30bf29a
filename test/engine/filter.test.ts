import { describe, expect, test } from "bun:test";
import { compileFilter, type Message } from "../../engine/index.ts";
import { manualPubSub, settle } from "./helpers.ts";

describe("filters", () => {
  test("the supported filter language subset", () => {
    const f = compileFilter('attributes.k = "v" AND NOT attributes:skip OR hasPrefix(attributes.p, "ab")');
    expect(f({ k: "v" })).toBe(true);
    expect(f({ k: "v", skip: "" })).toBe(false);
    expect(f({ p: "abc" })).toBe(true);
    expect(f({ k: "w" })).toBe(false);
    expect(compileFilter('attributes.k != "v"')({})).toBe(true);
    expect(() => compileFilter("attributes.k ~ 1")).toThrow("INVALID_ARGUMENT");
  });

  test("a subscription only receives (and only counts in its backlog) matching messages", async () => {
    const { pubsub } = manualPubSub();
    const topic = await pubsub.createTopic("t");
    const red = await topic.createSubscription("red", { filter: 'attributes.color = "red"' });
    const fn = await topic.createSubscription("fn", { filter: (a) => a.color === "blue" });
    const gotRed: Message[] = [];
    const gotFn: Message[] = [];
    red.on("message", (m: Message) => gotRed.push(m));
    fn.on("message", (m: Message) => gotFn.push(m));
    for (const color of ["red", "blue", "red", "green"])
      void topic.publishMessage({ data: Buffer.from(color), attributes: { color } });
    await topic.flush();
    await settle();
    expect(gotRed.map((m) => m.data.toString())).toEqual(["red", "red"]);
    expect(gotFn.map((m) => m.data.toString())).toEqual(["blue"]);
    expect(red.stats().filtered).toBe(2);
    expect(red.stats().backlog).toBe(2);
  });
});
