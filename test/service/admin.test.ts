import { afterAll, beforeAll, expect, test } from "bun:test";
import type { RunningService } from "../../service/start-service.ts";
import { request, startTestService } from "./helpers/test-service.ts";
import { TestSubscriber } from "./helpers/test-subscriber.ts";

let service: RunningService;
beforeAll(() => {
  service = startTestService();
});
afterAll(() => service.stop());

test("GET /healthz answers 200", async () => {
  expect(await request(service, "GET", "/healthz")).toMatchObject({ status: 200, json: { status: "ok" } });
});

test("topics and subscriptions: create, list, conflict, delete, not found", async () => {
  expect((await request(service, "PUT", "/admin/topics/a")).status).toBe(201);
  expect((await request(service, "PUT", "/admin/topics/a")).status).toBe(409);
  expect((await request(service, "PUT", "/admin/subscriptions/a-sub", { topic: "a" })).status).toBe(201);
  expect((await request(service, "PUT", "/admin/subscriptions/x", { topic: "none" })).status).toBe(404);
  expect((await request(service, "GET", "/admin/topics")).json.topics).toContain("a");
  expect((await request(service, "GET", "/admin/subscriptions")).json.subscriptions).toContain("a-sub");
  expect((await request(service, "DELETE", "/admin/subscriptions/a-sub")).status).toBe(204);
  expect((await request(service, "DELETE", "/admin/subscriptions/a-sub")).status).toBe(404);
  expect((await request(service, "DELETE", "/admin/topics/a")).status).toBe(204);
  expect((await request(service, "DELETE", "/admin/topics/a")).status).toBe(404);
});

test("a bad subscription body is 400 naming the field", async () => {
  await request(service, "PUT", "/admin/topics/b");
  const res = await request(service, "PUT", "/admin/subscriptions/b-sub", {
    topic: "b",
    ackDeadlineSeconds: 5,
  });
  expect(res.status).toBe(400);
  expect(res.json.error.message).toContain("ackDeadlineSeconds");
});

test("stats: engine counters, per-subscription backlog/unacked/delivered/acked, connections", async () => {
  await request(service, "PUT", "/admin/topics/c");
  await request(service, "PUT", "/admin/subscriptions/c-sub", { topic: "c" });
  await request(service, "POST", "/topics/c/publish", { messages: [{ data: "1" }, { data: "2" }] });
  const sub = await TestSubscriber.open(service, "c-sub");
  await sub.until(() => sub.messages.length === 2);
  sub.send({ ack: [sub.messages[0]?.id] });
  await Bun.sleep(20);
  const stats = (await request(service, "GET", "/admin/stats")).json;
  expect(stats.subscriptions["c-sub"]).toMatchObject({
    topic: "c",
    connections: 1,
    delivered: 2,
    acked: 1,
    outstanding: 1,
    backlog: 1,
  });
  expect(stats.connections).toMatchObject({ open: 1, acks: 1 });
  expect(stats.engine.published).toBeGreaterThanOrEqual(2);
  expect(stats.memory.rssBytes).toBeGreaterThan(0);
  sub.close();
  await sub.until(() => sub.closeCode !== null);
  await Bun.sleep(20);
  expect((await request(service, "GET", "/admin/stats")).json.connections.open).toBe(0);
});

test("unknown routes are 404 with the method and path", async () => {
  const res = await request(service, "GET", "/nope");
  expect(res.status).toBe(404);
  expect(res.json.error.message).toContain("GET /nope");
});
