import { boundedAll } from "../bundled-service/bounded-all.ts";
import type { ServiceClient } from "../bundled-service/service-client.ts";
import type { Created } from "../ingest/delete-created.ts";
import { DeliveryTracker } from "./delivery-tracker.ts";
import { openSubscriber } from "./subscriber-socket.ts";

export type Fanout = "broadcast" | "shared";
/** Subscriptions created at once: a thousand one by one would eat into open()'s bound. */
const CREATE_IN_PARALLEL = 16;

/** One topic, its subscriptions, the sockets on them and its deliveries. */
export interface Pipeline {
  topic: string;
  subscriptions: string[];
  tracker: DeliveryTracker;
  /** The sockets that opened; the rest are socketFailures. */
  sockets: WebSocket[];
  socketFailures: number;
}

/**
 * Creates `topic` and its subscriptions (broadcast: one per subscriber; shared: one for all) and opens `subscribers`
 * sockets on them. Created names are pushed to `created` as they are made, so a failed setup is still cleaned up.
 */
export async function openPipeline(
  client: ServiceClient,
  topic: string,
  options: { subscribers: number; fanout: Fanout },
  context: { now(): number; log(line: string): void },
  created: Created,
): Promise<Pipeline> {
  const broadcast = options.fanout === "broadcast";
  const subscriptions = broadcast
    ? Array.from({ length: options.subscribers }, (_, i) => `${topic}-s${i}`)
    : [`${topic}-s`];
  await client.must("PUT", `/admin/topics/${topic}`, `create topic ${topic}`);
  created.topics.push(topic);
  await boundedAll(subscriptions.length, CREATE_IN_PARALLEL, async (i) => {
    const sub = subscriptions[i] as string;
    await client.must("PUT", `/admin/subscriptions/${sub}`, `create subscription ${sub}`, { topic });
    created.subscriptions.push(sub);
  });
  const tracker = new DeliveryTracker(broadcast ? options.subscribers : 1);
  const opened = await Promise.all(
    Array.from({ length: options.subscribers }, (_, i) =>
      openSubscriber({
        connect: () => client.openSocket(`/subscriptions/${subscriptions[broadcast ? i : 0]}`),
        openTimeoutMs: client.callTimeoutMs,
        now: context.now,
        log: context.log,
        onDelivered: (ids, atMs) => tracker.delivered(ids, atMs),
      }),
    ),
  );
  const sockets = opened.filter((ws): ws is WebSocket => ws !== null);
  return { topic, subscriptions, tracker, sockets, socketFailures: opened.length - sockets.length };
}
