// Host sanity figures for the engine hot path: publish-only and end-to-end (1 subscriber, immediate ack), 1 KB.
import { PubSub, type Topic } from "../../engine/index.ts";

const MESSAGES = Number(process.env.MESSAGES ?? 2_000_000);
const WINDOW = Number(process.env.WINDOW ?? 10_000);
const payload = Buffer.alloc(1024, 7);

/** Messages per wall second and per CPU second (all threads, incl. GC): the latter approximates a 1-CPU box. */
type Rate = { wall: number; cpu: number };

function rate(started: number, cpuStart: NodeJS.CpuUsage): Rate {
  const cpu = process.cpuUsage(cpuStart);
  return {
    wall: MESSAGES / ((performance.now() - started) / 1000),
    cpu: MESSAGES / ((cpu.user + cpu.system) / 1e6),
  };
}

const fmt = (r: Rate) =>
  `${Math.round(r.wall).toLocaleString()} msg/s (${Math.round(r.cpu).toLocaleString()} per CPU-s)`;

/** Publishes MESSAGES payloads, WINDOW at a time, and flushes. */
async function publishAll(topic: Topic): Promise<void> {
  let pending: Promise<string>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    pending.push(topic.publishMessage({ data: payload }));
    if (pending.length === WINDOW) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await topic.flush();
  await Promise.all(pending);
}

async function publishOnly(): Promise<Rate> {
  const pubsub = new PubSub();
  const topic = await pubsub.createTopic("firehose");
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  await publishAll(topic);
  return rate(started, cpuStart);
}

async function endToEnd(): Promise<Rate> {
  const pubsub = new PubSub();
  const topic = await pubsub.createTopic("e2e");
  const sub = await topic.createSubscription("e2e-sub");
  let received = 0;
  let done: () => void = () => {};
  const finished = new Promise<void>((r) => {
    done = r;
  });
  sub.on("message", (m) => {
    m.ack();
    if (++received === MESSAGES) done();
  });
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  await publishAll(topic);
  await finished;
  const result = rate(started, cpuStart);
  await sub.close();
  return result;
}

for (let round = 0; round < 3; round++) {
  const pub = await publishOnly();
  const e2e = await endToEnd();
  console.log(`round ${round}: publish-only ${fmt(pub)}, end-to-end ${fmt(e2e)}`);
}
