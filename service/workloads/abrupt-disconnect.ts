// Abrupt disconnect, a fixed-shape workload (matrix `search: false`): `subscribers` WebSockets share one
// subscription and ack each frame `ack-delay-ms` after it arrives, while the control side publishes over HTTP at
// `rate`/s. `drop-ms` after publishing starts, each subscriber cuts its TCP connection on its next frame without a
// close frame (Bun's terminate(): the service sees code 1006); its pending acks are never sent. Then: what the
// service acknowledged (publish 200) against what it acked before the drop and still holds (its backlog) right
// after the drop, and after `settle-ms`, confirmed by a fresh subscriber draining every held message by id.
import { defineWorkload, type FixedReport } from "../../generator/api/workload.ts";
import { type CuttingSubscriber, cuttingSubscriber } from "./abrupt-disconnect/cutting-subscriber.ts";
import { disconnectFigures } from "./abrupt-disconnect/disconnect-figures.ts";
import { runControl } from "./abrupt-disconnect/run-control.ts";
import { serviceClient, uniqueName } from "./bundled-service/service-client.ts";

/** A subscriber that saw no frame this long after drop-ms closes the ordinary way instead (counted). */
const DROP_GRACE_MS = 2000;
/** Room for every acknowledged message: the backlog cap must not be what loses them. */
const MAX_BACKLOG_MESSAGES = 10_000_000;

export default defineWorkload({
  flags: (z) => ({
    subscribers: z.int().min(1).max(200).default(8).describe("sockets sharing the subscription"),
    rate: z.int().min(1).max(20000).default(500).describe("publishes per second"),
    "drop-ms": z.int().min(100).max(600000).default(3000).describe("when, after publishing starts, they cut"),
    "ack-delay-ms": z
      .int()
      .min(0)
      .max(60000)
      .default(200)
      .describe("each frame is acked this long after it came"),
    "max-outstanding": z.int().min(1).max(100000).default(100).describe("unacked messages per subscriber"),
    "settle-ms": z.int().min(0).max(600000).default(1000).describe("wait before the second look"),
    "max-drain-ms": z
      .int()
      .min(100)
      .max(600000)
      .default(10000)
      .describe("how long the confirming drain may take"),
    "payload-bytes": z.int().min(1).max(1048576).default(256).describe("each message's data"),
  }),
  async run(ctx): Promise<FixedReport> {
    const f = ctx.flags;
    const service = serviceClient(ctx.step);
    const sub = uniqueName("disc");
    const subscribers: CuttingSubscriber[] = [];
    try {
      await service.createQueue(sub, { maxBacklogMessages: MAX_BACKLOG_MESSAGES });
      // Sockets connect before the first publish: a lead that grows with the sockets to open.
      const startAtMs = Date.now() + Math.min(5000, 1000 + 20 * f.subscribers);
      const dropAtMs = startAtMs + f["drop-ms"];
      const before = (await service.stats()).connections;
      const url = service.wsUrl(`/subscriptions/${sub}?maxOutstanding=${f["max-outstanding"]}`);
      for (let i = 0; i < f.subscribers; i++)
        subscribers.push(
          cuttingSubscriber(url, { dropAtMs, graceMs: DROP_GRACE_MS, ackDelayMs: f["ack-delay-ms"] }),
        );
      const control = await runControl(service, {
        sub,
        startAtMs,
        dropAtMs,
        graceMs: DROP_GRACE_MS,
        ratePerSec: f.rate,
        inFlight: Math.max(1, ctx.step.concurrency),
        body: JSON.stringify({ data: "x".repeat(f["payload-bytes"]) }),
        settleMs: f["settle-ms"],
        maxDrainMs: f["max-drain-ms"],
        before,
      });
      const tallies = await Promise.all(subscribers.map((s) => s.done));
      const sum = (pick: (t: (typeof tallies)[number]) => number | boolean) =>
        tallies.reduce((total, t) => total + Number(pick(t)), 0);
      const figures = disconnectFigures(
        control,
        {
          connected: sum((t) => t.connected),
          droppedAbruptly: sum((t) => t.droppedAbruptly),
          closedOrderly: sum((t) => t.closedOrderly),
          received: sum((t) => t.received),
          acksSent: sum((t) => t.acksSent),
        },
        { subscribers: f.subscribers, rate: f.rate, dropMs: f["drop-ms"], ackDelayMs: f["ack-delay-ms"] },
      );
      return {
        connectionsRequested: f.subscribers,
        failures: control.publishFailedCount + (f.subscribers - (figures.subscribersConnectedCount ?? 0)),
        figures,
        window: { startMs: startAtMs, holdStartMs: null, holdEndMs: null },
      };
    } finally {
      for (const s of subscribers) s.stop();
      await service.deleteQueue(sub);
    }
  },
});
