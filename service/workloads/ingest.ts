// Ingest as a ceiling-search workload: each operation is one publish request of `batch` messages (1 = single, more =
// bulk) from the payload mix `payload` (small 1 KB, medium 10 KB, mixed 90% 1 KB + 10% 500 KB, full-spectrum
// 70/20/8/2% of 1/10/500/1024 KB); the rate is publish requests per second. `protocol`: http1 (default, on the
// step's port), h2 (TLS), grpc, or auto (what GET /healthz advertises); `publish-port` pins the port.
// `ordering-keys` (0) gives message j the key k(j mod n); `subscriptions` (0: a firehose) creates that many
// subscriptions on the worker's topic, each keeping every message as a backlog no one drains.
import { defineWorkload } from "../../generator/api/workload.ts";
import { type ServiceClient, serviceClient, uniqueName } from "./bundled-service/service-client.ts";
import { type Created, deleteCreated } from "./ingest/delete-created.ts";
import { grpcPublisher } from "./ingest/grpc-publisher.ts";
import { h2Publisher } from "./ingest/h2-publisher.ts";
import { http1Publisher } from "./ingest/http1-publisher.ts";
import { PUBLISH_PROTOCOLS, publishEndpoint } from "./ingest/publish-endpoint.ts";
import { publishMessages } from "./ingest/publish-messages.ts";
import type { Publisher } from "./ingest/publisher.ts";
import { IngestPayloadMix } from "./payload-mix.ts";

/** What open() made, by worker, for close() to remove. */
const opened = new Map<number, { client: ServiceClient; created: Created; publisher: Publisher | null }>();

export default defineWorkload({
  flags: (z) => ({
    batch: z.number().int().min(1).max(1000).default(1),
    "ordering-keys": z.number().int().min(0).max(100_000).default(0),
    subscriptions: z.number().int().min(0).max(100).default(0),
    payload: IngestPayloadMix.default("small"),
    protocol: z.enum(["auto", ...PUBLISH_PROTOCOLS]).default("http1"),
    "publish-port": z.number().int().min(1).max(65535).optional(),
  }),
  rateUnit: "requests/s",
  latency: "request",
  async open({ step, flags, log }) {
    const client = serviceClient(step);
    const made = {
      client,
      created: { topics: [], subscriptions: [] } as Created,
      publisher: null as Publisher | null,
    };
    opened.set(step.worker, made);
    try {
      const endpoint = await publishEndpoint({ ...step, client }, flags.protocol, flags["publish-port"]);
      const topic = `${uniqueName("ingest")}-w${step.worker}`;
      await client.must("PUT", `/admin/topics/${topic}`, `create topic ${topic}`);
      made.created.topics.push(topic);
      for (let i = 0; i < flags.subscriptions; i++) {
        const name = `${topic}-s${i}`;
        await client.must("PUT", `/admin/subscriptions/${name}`, `create subscription ${name}`, {
          topic,
          enableMessageOrdering: flags["ordering-keys"] > 0,
        });
        made.created.subscriptions.push(name);
      }
      const messages = publishMessages({
        batch: flags.batch,
        orderingKeys: flags["ordering-keys"],
        payload: flags.payload,
      });
      const options = {
        target: client.target,
        port: endpoint.port,
        topic,
        timeoutMs: step.timeoutMs,
        maxInFlight: step.concurrency,
        log,
      };
      const publisher =
        endpoint.protocol === "grpc"
          ? await grpcPublisher(options, messages)
          : endpoint.protocol === "h2"
            ? await h2Publisher(options, messages)
            : http1Publisher(options, messages);
      made.publisher = publisher;
      log(`ingest: topic ${topic}, ${endpoint.protocol} on port ${endpoint.port}`);
      return (index) => publisher.send(index);
    } catch (error) {
      // A half-done setup removes what it made (close() may not follow a failed open(); it is a no-op then).
      await removeOpened(step.worker, log);
      throw error;
    }
  },
  async close({ step, log }) {
    // The instance ids the publishes saw (calibrate --instance-header), before the publisher closes.
    const headerValues = opened.get(step.worker)?.publisher?.headerValues() ?? [];
    await removeOpened(step.worker, log);
    return { headerValues };
  },
});

/** Closes the worker's publisher and deletes its subscriptions, then its topic (each call bounded). */
async function removeOpened(worker: number, log: (line: string) => void): Promise<void> {
  const made = opened.get(worker);
  if (made === undefined) return;
  opened.delete(worker);
  made.publisher?.close();
  await deleteCreated(made.client, made.created, log);
}
