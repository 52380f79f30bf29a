import { afterAll, beforeAll, expect, test } from "bun:test";
import type { RunningService } from "../../service/start-service.ts";
import { request, startTestService, topicWithSubscription } from "./helpers/test-service.ts";
import { TestSubscriber } from "./helpers/test-subscriber.ts";

let service: RunningService;
beforeAll(() => {
  service = startTestService();
});
afterAll(() => service.stop());

const stats = async (sub: string) => (await request(service, "GET", "/admin/stats")).json.subscriptions[sub];
const publish = (topic: string, body: unknown) => request(service, "POST", `/topics/${topic}/publish`, body);

test("a subscriber socket receives id, data, attributes and publishTime; acks settle the backlog", async () => {
  await topicWithSubscription(service, "t-deliver", "s-deliver");
  const sub = await TestSubscriber.open(service, "s-deliver");
  const before = Date.now();
  const { json } = await publish("t-deliver", { data: "héllo", attributes: { a: "1" }, orderingKey: "k" });
  await sub.until(() => sub.messages.length === 1);
  const m = sub.messages[0];
  expect(m?.id).toBe(json.messageIds[0]);
  expect(m?.data).toBe("héllo");
  expect(m?.attributes).toEqual({ a: "1" });
  expect(m?.orderingKey).toBe("k");
  expect(m?.deliveryAttempt).toBe(1);
  expect(Date.parse(m?.publishTime ?? "")).toBeGreaterThanOrEqual(before - 1000);
  expect((await stats("s-deliver")).outstanding).toBe(1);
  sub.send({ ack: [m?.id] });
  await Bun.sleep(20);
  expect(await stats("s-deliver")).toMatchObject({
    delivered: 1,
    acked: 1,
    outstanding: 0,
    backlog: 0,
    connections: 1,
  });
  sub.close();
});

test("a nack redelivers at once with deliveryAttempt 2", async () => {
  await topicWithSubscription(service, "t-nack", "s-nack");
  const sub = await TestSubscriber.open(service, "s-nack");
  await publish("t-nack", { data: "again" });
  await sub.until(() => sub.messages.length === 1);
  sub.send({ nack: [sub.messages[0]?.id] });
  await sub.until(() => sub.messages.length === 2);
  expect(sub.messages[1]?.deliveryAttempt).toBe(2);
  expect(sub.messages[1]?.id).toBe(sub.messages[0]?.id as string);
  sub.close();
});

test("flow control: delivery pauses at the socket's unacked limit and resumes on ack", async () => {
  await topicWithSubscription(service, "t-flow", "s-flow");
  const sub = await TestSubscriber.open(service, "s-flow", "?maxOutstanding=2");
  await publish("t-flow", { messages: [1, 2, 3, 4, 5].map((n) => ({ data: String(n) })) });
  await sub.until(() => sub.messages.length === 2);
  await Bun.sleep(50);
  expect(sub.messages).toHaveLength(2);
  expect((await stats("s-flow")).outstanding).toBe(2);
  sub.send({ ack: sub.messages.map((m) => m.id) });
  await sub.until(() => sub.messages.length === 4);
  expect(sub.messages.map((m) => m.data)).toEqual(["1", "2", "3", "4"]);
  sub.close();
});

test("closing a socket gives its unacked messages to another subscriber", async () => {
  await topicWithSubscription(service, "t-close", "s-close");
  const first = await TestSubscriber.open(service, "s-close");
  await publish("t-close", { messages: [{ data: "a" }, { data: "b" }] });
  await first.until(() => first.messages.length === 2);
  first.close();
  const second = await TestSubscriber.open(service, "s-close");
  await second.until(() => second.messages.length === 2);
  expect(second.messages.map((m) => m.deliveryAttempt)).toEqual([2, 2]);
  second.close();
});

test("bad frames get an error frame and the socket stays open; unknown ids count as stale", async () => {
  await topicWithSubscription(service, "t-bad", "s-bad");
  const sub = await TestSubscriber.open(service, "s-bad");
  sub.send("{oops");
  sub.send({ ack: "not-a-list" });
  sub.send({ hello: 1 });
  await sub.until(() => sub.errors.length === 3);
  expect(sub.errors[0]).toContain("not valid JSON");
  expect(sub.errors[1]).toContain("ack");
  expect(sub.errors[2]).toContain('Unrecognized key: "hello"');
  const staleBefore = (await request(service, "GET", "/admin/stats")).json.connections.staleAcks;
  sub.send({ ack: ["no-such-id"] });
  await publish("t-bad", { data: "still works" });
  await sub.until(() => sub.messages.length === 1);
  expect((await request(service, "GET", "/admin/stats")).json.connections.staleAcks).toBe(staleBefore + 1);
  sub.close();
});

test("an unknown subscription refuses the upgrade with 404", async () => {
  const res = await fetch(`${service.url}/subscriptions/missing`, { headers: { upgrade: "websocket" } });
  expect(res.status).toBe(404);
  expect((await res.json()).error.message).toContain("PUT /admin/subscriptions/missing");
  await expect(TestSubscriber.open(service, "missing")).rejects.toThrow("could not open");
});

test("with auto-create, ?topic= creates topic and subscription on connect", async () => {
  const auto = startTestService({ PUBSUB_AUTO_CREATE: "true" });
  try {
    const sub = await TestSubscriber.open(auto, "s-auto", "?topic=t-auto");
    await request(auto, "POST", "/topics/t-auto/publish", { data: "x" });
    await sub.until(() => sub.messages.length === 1);
    sub.close();
  } finally {
    await auto.stop();
  }
});

test("deleting a subscription closes its sockets with code 4404", async () => {
  await topicWithSubscription(service, "t-del", "s-del");
  const sub = await TestSubscriber.open(service, "s-del");
  expect((await request(service, "DELETE", "/admin/subscriptions/s-del")).status).toBe(204);
  await sub.until(() => sub.closeCode !== null);
  expect(sub.closeCode).toBe(4404);
});
