// Queue backlog and drain, a fixed-shape workload (matrix `search: false`): producers publish at `rate`/s for
// `produce-ms` while `workers` WebSockets each process `worker-concurrency` messages at a time, `work-ms` each
// (capacity = workers x worker-concurrency x 1000 / work-ms per second); then production stops and the backlog
// drains. From the service's stats, sampled every 100 ms: peak backlog, drain time, creation and processing rates
// over the production phase and their ratio (saturation: above 1 the backlog grows), and the backlog over time.
import { defineWorkload, type FixedReport } from "../../generator/api/workload.ts";
import { serviceClient, uniqueName } from "./bundled-service/service-client.ts";
import { backlogTimeline } from "./queue-drain/backlog-timeline.ts";
import { produceAtRate } from "./queue-drain/produce-at-rate.ts";
import { sampleBacklog } from "./queue-drain/sample-backlog.ts";
import { openWorker, type WorkerSocket } from "./queue-drain/worker-socket.ts";

/** Room for the whole backlog: the service's default cap (100,000) would turn a deep backlog into rejections. */
const MAX_BACKLOG_MESSAGES = 1_000_000;

export default defineWorkload({
  flags: (z) => ({
    rate: z.int().min(1).max(100000).default(500).describe("publishes per second offered"),
    "produce-ms": z.int().min(100).max(600000).default(3000).describe("how long producers publish"),
    workers: z.int().min(1).max(1000).default(4).describe("worker sockets"),
    "worker-concurrency": z.int().min(1).max(10000).default(4).describe("messages each worker holds at once"),
    "work-ms": z
      .int()
      .min(0)
      .max(60000)
      .default(10)
      .describe("time a worker spends on a message before its ack"),
    "max-drain-ms": z
      .int()
      .min(100)
      .max(600000)
      .default(20000)
      .describe("how long the backlog may take to drain"),
    "payload-bytes": z.int().min(1).max(1048576).default(1024).describe("each message's data"),
  }),
  async run(ctx): Promise<FixedReport> {
    const f = ctx.flags;
    const service = serviceClient(ctx.step);
    const topic = uniqueName("queue");
    const workers: WorkerSocket[] = [];
    try {
      await service.createQueue(topic, { maxBacklogMessages: MAX_BACKLOG_MESSAGES });
      const url = service.wsUrl(`/subscriptions/${topic}?maxOutstanding=${f["worker-concurrency"]}`);
      const opened = await Promise.allSettled(
        Array.from({ length: f.workers }, () => openWorker(url, f["work-ms"])),
      );
      for (const worker of opened) if (worker.status === "fulfilled") workers.push(worker.value);
      const failed = opened.find((worker) => worker.status === "rejected");
      if (failed) throw failed.reason;
      const startMs = Date.now();
      const produceEndMs = startMs + f["produce-ms"];
      const body = JSON.stringify({ data: "x".repeat(f["payload-bytes"]) });
      const produced = produceAtRate(() => service.publish(topic, body), {
        startMs,
        ratePerSec: f.rate,
        durationMs: f["produce-ms"],
        inFlight: ctx.step.concurrency,
      });
      const watch = await sampleBacklog(service, topic, {
        startMs,
        produceEndMs,
        maxDrainMs: f["max-drain-ms"],
      });
      const end = watch.atProduceEnd ?? { ...(await service.stats()).subscriptions[topic], atMs: Date.now() };
      const { rejected, dropped } = await produced;
      const seconds = Math.max(0.001, (end.atMs - startMs) / 1000);
      const { first } = watch;
      // Creation = messages the subscription received; processing = acks; both over the production phase.
      const created = ((end.backlog ?? 0) + (end.acked ?? 0) - first.backlog - first.acked) / seconds;
      const processed = ((end.acked ?? 0) - first.acked) / seconds;
      return {
        connectionsRequested: null,
        failures: rejected,
        figures: {
          peakBacklogMessages: watch.peak,
          drainMs: watch.drainedAt === null ? f["max-drain-ms"] : Math.max(0, watch.drainedAt - produceEndMs),
          drained: watch.drainedAt === null ? 0 : 1,
          createdPerSec: created,
          processedPerSec: processed,
          saturationRatio: processed > 0 ? created / processed : 0,
          workerCapacityPerSec:
            f["work-ms"] > 0 ? (f.workers * f["worker-concurrency"] * 1000) / f["work-ms"] : 0,
          offeredPerSec: f.rate,
          produceMs: f["produce-ms"],
          publishRejectedCount: rejected,
          // Publishes not started on time (all `concurrency` producers busy): the offered rate was not reached.
          producerDroppedCount: dropped,
        },
        window: { startMs, holdStartMs: null, holdEndMs: null },
        timelines: { backlogMessages: backlogTimeline(watch.samples) },
      };
    } finally {
      for (const worker of workers) worker.close();
      await service.deleteQueue(topic);
    }
  },
});
