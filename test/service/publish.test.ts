import { afterAll, beforeAll, expect, test } from "bun:test";
import type { RunningService } from "../../service/start-service.ts";
import { request, startTestService, topicWithSubscription } from "./helpers/test-service.ts";

let service: RunningService;
beforeAll(async () => {
  service = startTestService();
  await topicWithSubscription(service, "orders", "orders-sub");
});
afterAll(() => service.stop());

test("a single publish returns its message id and lands in the subscription's backlog", async () => {
  const before = (await request(service, "GET", "/admin/stats")).json.subscriptions["orders-sub"].backlog;
  const res = await request(service, "POST", "/topics/orders/publish", {
    data: "hello",
    attributes: { kind: "test" },
    orderingKey: "k1",
  });
  expect(res.status).toBe(200);
  expect(res.json.messageIds).toHaveLength(1);
  const after = (await request(service, "GET", "/admin/stats")).json.subscriptions["orders-sub"].backlog;
  expect(after).toBe(before + 1);
});

test("a bulk publish returns one id per message, in order", async () => {
  const res = await request(service, "POST", "/topics/orders/publish", {
    messages: [{ data: "a" }, { data: "b" }, { attributes: { only: "attrs" } }],
  });
  expect(res.status).toBe(200);
  const ids = res.json.messageIds as string[];
  expect(ids).toHaveLength(3);
  expect(new Set(ids).size).toBe(3);
  expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => a - b));
});

test("bad JSON and bad shapes are 400 with a message saying what is wrong", async () => {
  const cases: Array<[unknown, string]> = [
    ["{not json", "not valid JSON"],
    ["", "body is empty"],
    [{ dta: "x" }, 'Unrecognized key: "dta"'],
    [{ data: 5 }, "data"],
    [{ data: "x", attributes: { n: 1 } }, "attributes"],
    [{ messages: [] }, "messages"],
    [{ messages: [{ data: "ok" }, {}] }, "messages[1] has neither data nor attributes"],
  ];
  for (const [body, fragment] of cases) {
    const res = await request(service, "POST", "/topics/orders/publish", body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("INVALID_ARGUMENT");
    expect(res.json.error.message).toContain(fragment);
  }
});

test("a rejected bulk commits nothing", async () => {
  const before = (await request(service, "GET", "/admin/stats")).json.engine.published;
  await request(service, "POST", "/topics/orders/publish", { messages: [{ data: "ok" }, { data: "" }] });
  expect((await request(service, "GET", "/admin/stats")).json.engine.published).toBe(before);
});

test("an unknown topic is 404 without auto-create", async () => {
  const res = await request(service, "POST", "/topics/nowhere/publish", { data: "x" });
  expect(res.status).toBe(404);
  expect(res.json.error.message).toContain('Topic "nowhere" does not exist');
});

test("with auto-create, publishing to an unknown topic creates it", async () => {
  const auto = startTestService({ PUBSUB_AUTO_CREATE: "true" });
  try {
    const res = await request(auto, "POST", "/topics/fresh/publish", { data: "x" });
    expect(res.status).toBe(200);
    expect((await request(auto, "GET", "/admin/topics")).json.topics).toContain("fresh");
  } finally {
    await auto.stop();
  }
});

test("a full backlog is 429 with Retry-After; a bulk returns the ids it committed before the bound", async () => {
  await topicWithSubscription(service, "tight", "tight-sub", { maxBacklogMessages: 3 });
  const res = await request(service, "POST", "/topics/tight/publish", {
    messages: [{ data: "1" }, { data: "2" }, { data: "3" }, { data: "4" }, { data: "5" }],
  });
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toBe("1");
  expect(res.json.error.code).toBe("RESOURCE_EXHAUSTED");
  expect(res.json.messageIds).toHaveLength(3);
  const single = await request(service, "POST", "/topics/tight/publish", { data: "6" });
  expect(single.status).toBe(429);
  expect(single.json.messageIds).toBeUndefined();
});

test("an ordering key keeps working after a rejected publish on it", async () => {
  await topicWithSubscription(service, "keyed", "keyed-sub", { maxBacklogMessages: 1 });
  expect(
    (await request(service, "POST", "/topics/keyed/publish", { data: "1", orderingKey: "k" })).status,
  ).toBe(200);
  expect(
    (await request(service, "POST", "/topics/keyed/publish", { data: "2", orderingKey: "k" })).status,
  ).toBe(429);
  await request(service, "DELETE", "/admin/subscriptions/keyed-sub");
  expect(
    (await request(service, "POST", "/topics/keyed/publish", { data: "3", orderingKey: "k" })).status,
  ).toBe(200);
});
