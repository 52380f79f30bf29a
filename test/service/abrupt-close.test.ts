import { afterAll, beforeAll, expect, test } from "bun:test";
import { connect, type Socket } from "node:net";
import type { RunningService } from "../../service/start-service.ts";
import { request, startTestService, topicWithSubscription } from "./helpers/test-service.ts";
import { TestSubscriber } from "./helpers/test-subscriber.ts";

let service: RunningService;
beforeAll(() => {
  service = startTestService();
});
afterAll(() => service.stop());

const stats = async () => (await request(service, "GET", "/admin/stats")).json;

/** A subscriber over a raw TCP socket: the upgrade by hand, so the test can cut it without a close frame. */
async function rawSubscriber(sub: string): Promise<{ socket: Socket; received: () => string }> {
  const socket = connect(service.port, "127.0.0.1");
  let text = "";
  socket.on("data", (chunk: Buffer) => {
    text += chunk.toString("latin1");
  });
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(
    `GET /subscriptions/${sub} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
  );
  return { socket, received: () => text };
}

async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}

test("a socket cut without a close frame counts as abrupt; its unacked deliveries go back to the backlog", async () => {
  await topicWithSubscription(service, "t-cut", "s-cut");
  const before = (await stats()).connections;
  const raw = await rawSubscriber("s-cut");
  await until(() => raw.received().includes("101 Switching Protocols"), "the upgrade");
  await request(service, "POST", "/topics/t-cut/publish", { messages: [{ data: "a" }, { data: "b" }] });
  await until(() => raw.received().includes('"b"'), "both deliveries");
  raw.socket.destroy();
  await until(async () => (await stats()).connections.closed > before.closed, "the close");
  const after = await stats();
  expect(after.connections.abruptCloses - before.abruptCloses).toBe(1);
  expect(after.connections.unackedReleasedOnClose - before.unackedReleasedOnClose).toBe(2);
  expect(after.subscriptions["s-cut"]).toMatchObject({ backlog: 2, outstanding: 0, acked: 0 });
});

test("an orderly close (close frame) is not abrupt, and acked deliveries are not released", async () => {
  await topicWithSubscription(service, "t-orderly", "s-orderly");
  const before = (await stats()).connections;
  const sub = await TestSubscriber.open(service, "s-orderly");
  await request(service, "POST", "/topics/t-orderly/publish", { messages: [{ data: "a" }, { data: "b" }] });
  await sub.until(() => sub.messages.length === 2);
  sub.send({ ack: [sub.messages[0]?.id] });
  await until(async () => (await stats()).subscriptions["s-orderly"].acked === 1, "the ack");
  sub.close();
  await until(async () => (await stats()).connections.closed > before.closed, "the close");
  const after = await stats();
  expect(after.connections.abruptCloses - before.abruptCloses).toBe(0);
  expect(after.connections.unackedReleasedOnClose - before.unackedReleasedOnClose).toBe(1);
  expect(after.subscriptions["s-orderly"]).toMatchObject({ backlog: 1, acked: 1 });
});
