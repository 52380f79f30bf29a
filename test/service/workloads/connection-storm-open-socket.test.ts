import { afterAll, expect, test } from "bun:test";
import { openSocket } from "../../../service/workloads/connection-storm/open-socket.ts";

// A listener that accepts TCP connections and never answers the upgrade: a service out of descriptors looks alike.
const silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
afterAll(() => silent.stop(true));

test("a handshake never answered fails at its deadline, and the socket it made is cut", async () => {
  const made: WebSocket[] = [];
  const started = Date.now();
  const opened = await openSocket(`ws://127.0.0.1:${silent.port}/subscriptions/x`, started + 300, made);
  const tookMs = Date.now() - started;
  expect(opened).toBeNull();
  expect(tookMs).toBeGreaterThanOrEqual(290);
  expect(tookMs).toBeLessThan(1500);
  expect(made.length).toBe(1);
  await Bun.sleep(50);
  expect(made[0]?.readyState).toBe(WebSocket.CLOSED);
});

test("nothing listening: the connection is refused at once, long before the deadline", async () => {
  const free = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = free.port;
  free.stop(true);
  const started = Date.now();
  const opened = await openSocket(`ws://127.0.0.1:${port}/`, started + 5000, []);
  expect(opened).toBeNull();
  expect(Date.now() - started).toBeLessThan(2000);
});
