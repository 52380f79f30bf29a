// End-to-end / broadcast fan-out as a ceiling-search workload: publish over HTTP at the step's pace, receive on
// `subscribers` WebSockets per topic, ack each delivery at once. Latency is END-TO-END: from a publish's intended
// time to its delivery to every subscriber (broadcast) or to one (shared), matched by message id. A publish frees
// its concurrency slot when answered and completes when fully delivered; one never delivered times out (an error).
// Flags: subscribers (1), fanout (broadcast | shared), pipelines (topics with their own subscribers, split over the
// generator's workers, at least one each; 1), payload-bytes (1024).

import {
  createHttp1Client,
  type Http1Client,
  type Http1Request,
} from "../../generator/api/http/http1-client.ts";
import { defineWorkload, type Send } from "../../generator/api/workload.ts";
import { type ServiceClient, serviceClient, uniqueName } from "./bundled-service/service-client.ts";
import { openPipeline, type Pipeline } from "./e2e/open-pipeline.ts";
import { publishOne } from "./e2e/publish-one.ts";
import { closeSubscriber } from "./e2e/subscriber-socket.ts";
import { unackedDeliveries } from "./e2e/unacked-deliveries.ts";
import { type Created, deleteCreated } from "./ingest/delete-created.ts";

/** Room beyond the step's concurrency for connections whose request timed out while they close. */
const SPARE_CONNECTIONS = 16;

interface Opened {
  client: ServiceClient;
  publisher: Http1Client | null;
  pipelines: Pipeline[];
  created: Created;
}
/** What open() made, by worker, for close() to settle and remove. */
const opened = new Map<number, Opened>();

export default defineWorkload({
  flags: (z) => ({
    subscribers: z.number().int().min(1).max(1000).default(1),
    pipelines: z.number().int().min(1).max(16).default(1),
    "payload-bytes": z
      .number()
      .int()
      .min(1)
      .max(1024 * 1024)
      .default(1024),
    fanout: z.enum(["broadcast", "shared"]).default("broadcast"),
  }),
  rateUnit: "publishes/s",
  latency: "end-to-end",
  async open({ step, flags, now, log }) {
    const state: Opened = {
      client: serviceClient(step),
      publisher: null,
      pipelines: [],
      created: { topics: [], subscriptions: [] },
    };
    opened.set(step.worker, state);
    try {
      const run = `${uniqueName("e2e")}-w${step.worker}`;
      const count = pipelinesOfWorker(flags.pipelines, step.worker, step.workers);
      for (let p = 0; p < count; p++)
        state.pipelines.push(
          await openPipeline(
            state.client,
            `${run}-p${p}`,
            { subscribers: flags.subscribers, fanout: flags.fanout },
            { now, log },
            state.created,
          ),
        );
    } catch (error) {
      // A half-done setup removes what it made (close() may not follow a failed open(); it is a no-op then).
      await removeOpened(step.worker, log);
      throw error;
    }
    const target = state.client.target;
    const publisher = createHttp1Client(step.port, {
      maxConnections: step.concurrency + SPARE_CONNECTIONS,
      timeoutMs: step.timeoutMs,
      target: { host: target.host, tls: target.tls },
      watchHeader: target.watchHeader,
    });
    state.publisher = publisher;
    // Each pipeline's publish is built once: the body never changes.
    const body = JSON.stringify({ data: "x".repeat(flags["payload-bytes"]) });
    const targets = state.pipelines.map((pipeline) => ({
      pipeline,
      request: publisher.prepare({
        method: "POST",
        path: `/topics/${encodeURIComponent(pipeline.topic)}/publish`,
        headers: { ...target.headers, "content-type": "application/json" },
        body,
      }),
    }));
    let next = 0;
    const send: Send = async (_index, slot) => {
      const { pipeline, request } = targets[next++ % targets.length] as {
        pipeline: Pipeline;
        request: Http1Request;
      };
      const id = await publishOne(publisher, request);
      // A failed publish is answered: it completes now, as an error.
      if (id === null) return { ok: false };
      slot.release();
      return pipeline.tracker.expect(id);
    };
    return send;
  },
  async close({ step, log }) {
    const state = opened.get(step.worker);
    if (state === undefined) return;
    try {
      // Every operation has settled or timed out by now: a delivery still missing is not waited for.
      const unacked = await unackedDeliveries(state.client, state.pipelines);
      const fullyDelivered = state.pipelines.reduce((sum, p) => sum + p.tracker.fullyDelivered, 0);
      // A delivery acked here that the service never counted leaves its publish incomplete.
      return {
        incomplete: Math.min(unacked, fullyDelivered),
        errors: state.pipelines.reduce((sum, p) => sum + p.socketFailures, 0),
        headerValues: state.publisher?.headerValues() ?? [],
      };
    } finally {
      await removeOpened(step.worker, log);
    }
  },
});

/** Closes the worker's sockets, then deletes its subscriptions and topics (each call bounded). */
async function removeOpened(worker: number, log: (line: string) => void): Promise<void> {
  const state = opened.get(worker);
  if (state === undefined) return;
  opened.delete(worker);
  state.publisher?.close();
  for (const p of state.pipelines) for (const ws of p.sockets) closeSubscriber(ws);
  await deleteCreated(state.client, state.created, log);
}

/**
 * How many of the step's `pipelines` (a topic each, with its own subscribers) worker `worker` of `workers` runs:
 * an even split, and at least one, so every worker has a topic to publish to.
 */
export function pipelinesOfWorker(pipelines: number, worker: number, workers: number): number {
  const base = Math.floor(pipelines / workers);
  return Math.max(1, base + (worker < pipelines % workers ? 1 : 0));
}
