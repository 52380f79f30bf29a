import { expect, test } from "bun:test";
import { PubSub } from "../../engine/index.ts";
import { newSocketCounters } from "../../service/stats/socket-counters.ts";
import { type FrameSender, SocketSession } from "../../service/ws/socket-session.ts";

/** A socket whose send buffer reports backpressure after `room` frames until drained. */
class FakeSocket implements FrameSender {
  frames: string[] = [];
  constructor(public room: number) {}
  send(data: string): number {
    this.frames.push(data);
    this.room--;
    return this.room <= 0 ? -1 : data.length;
  }
  close(): void {}
}

const delivered = (socket: FakeSocket) =>
  socket.frames.flatMap((f) => JSON.parse(f).messages.map((m: { data: string }) => m.data));

test("after ws.send reports backpressure, nothing more is written until drain", async () => {
  const pubsub = new PubSub();
  const topic = await pubsub.createTopic("t");
  await topic.createSubscription("s");
  const counters = newSocketCounters();
  const session = new SocketSession(
    "s",
    pubsub,
    { maxOutstandingMessages: 1000, maxOutstandingBytes: 1e9 },
    counters,
  );
  const socket = new FakeSocket(1);
  session.open(socket);
  // Three bursts, each its own frame: the first send already hits the limit.
  for (const burst of [["a", "b"], ["c"], ["d"]]) {
    for (const data of burst) topic.publishMessageSync({ data: Buffer.from(data) });
    await Bun.sleep(1);
  }
  expect(delivered(socket)).toEqual(["a", "b"]);
  expect(counters.backpressureEvents).toBe(1);
  expect(session.unackedCount).toBe(4);
  socket.room = 100;
  session.drain();
  expect(delivered(socket)).toEqual(["a", "b", "c", "d"]);
  session.close();
  expect(pubsub.stats()).toMatchObject({ delivered: 4, nacked: 4 });
});

test("many small messages share frames of at most 100 messages", async () => {
  const pubsub = new PubSub();
  const topic = await pubsub.createTopic("t");
  await topic.createSubscription("s");
  const session = new SocketSession(
    "s",
    pubsub,
    { maxOutstandingMessages: 1000, maxOutstandingBytes: 1e9 },
    newSocketCounters(),
  );
  const socket = new FakeSocket(1000);
  session.open(socket);
  for (let i = 0; i < 250; i++) topic.publishMessageSync({ data: Buffer.from(String(i)) });
  await Bun.sleep(1);
  expect(socket.frames.map((f) => JSON.parse(f).messages.length)).toEqual([100, 100, 50]);
  session.close();
});
