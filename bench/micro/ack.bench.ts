// Hot path: enqueue -> microtask drain -> deliver -> ack (and nack -> redelivery) through a real subscription.
import { bench, group, run } from "mitata";
import { type Message, PubSub } from "../../engine/index.ts";

const BATCH = 1000;
const data = Buffer.alloc(1024, 1);

async function setup(onMessage: (m: Message) => void) {
  const pubsub = new PubSub();
  const topic = await pubsub.createTopic("t");
  const sub = await topic.createSubscription("s", { maxBacklogMessages: 1_000_000 });
  sub.on("message", onMessage);
  return topic;
}

const ackTopic = await setup((m) => m.ack());
let nackFirst = true;
const nackTopic = await setup((m) => {
  if (nackFirst && m.deliveryAttempt === 1) m.nack();
  else m.ack();
});

group(`ack processing (${BATCH} messages per iteration)`, () => {
  bench("publishSync + drain + ack", async () => {
    for (let i = 0; i < BATCH; i++) ackTopic.publishMessageSync({ data });
    await Promise.resolve();
  });
  bench("publishSync + drain + nack + redeliver + ack", async () => {
    nackFirst = true;
    for (let i = 0; i < BATCH; i++) nackTopic.publishMessageSync({ data });
    await Promise.resolve();
    await Promise.resolve();
  });
});

if (import.meta.main) await run();
