// End-to-end / broadcast fan-out as a ceiling-search workload: publish over HTTP at the step's pace, receive on
// `subscribers` WebSockets per topic, ack each delivery at once. Latency is END-TO-END: from a publish's intended
// time to its delivery to every subscriber (broadcast) or to one (shared), matched by message id. A publish frees
// its concurrency slot when answered and completes when fully delivered; one never delivered stays incomplete
// (lost). Flags: subscribers (1), fanout (broadcast | shared), pipelines (topics with their own subscribers, split
// over the generator's workers, at least one each; 1), payload-bytes (1024).
import { defineWorkload, type Send, type StepInfo } from "../api/workload.ts";
import { openPipeline, type Pipeline } from "./e2e/open-pipeline.ts";
import { pipelinesOfWorker } from "./e2e/pipelines-of-worker.ts";
import { publishOne } from "./e2e/publish-one.ts";
import { closeSubscriber } from "./e2e/subscriber-socket.ts";
import { unackedDeliveries } from "./e2e/unacked-deliveries.ts";
import { adminCall, cleanUp } from "./ingest/admin-call.ts";
import { uniqueName } from "./ingest/unique-name.ts";

interface Opened {
  pipelines: Pipeline[];
  created: { topics: string[]; subscriptions: string[] };
}
/** What open() made, by worker, for close() to settle and remove. */
const opened = new Map<number, Opened>();
const POLL_MS = 10;

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
    const state: Opened = { pipelines: [], created: { topics: [], subscriptions: [] } };
    opened.set(step.worker, state);
    const run = uniqueName("e2e", step.worker);
    const count = pipelinesOfWorker(flags.pipelines, step.worker, step.workers);
    for (let p = 0; p < count; p++)
      state.pipelines.push(
        await openPipeline(
          step,
          `${run}-p${p}`,
          { subscribers: flags.subscribers, fanout: flags.fanout },
          { now, log },
          state.created,
        ),
      );
    const body = JSON.stringify({ data: "x".repeat(flags["payload-bytes"]) });
    let next = 0;
    const send: Send = async (_index, slot) => {
      const pipeline = state.pipelines[next++ % state.pipelines.length] as Pipeline;
      const id = await publishOne(step.baseUrl, pipeline.topic, body, step.timeoutMs);
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
    opened.delete(step.worker);
    try {
      await waitForDeliveries(state.pipelines, step.timeoutMs);
      const unacked = await unackedDeliveries(step, state.pipelines);
      const fullyDelivered = state.pipelines.reduce((sum, p) => sum + p.tracker.fullyDelivered, 0);
      // A delivery acked here that the service never counted leaves its publish incomplete.
      return {
        incomplete: Math.min(unacked, fullyDelivered),
        errors: state.pipelines.reduce((sum, p) => sum + p.socketFailures, 0),
      };
    } finally {
      for (const p of state.pipelines) for (const ws of p.sockets) closeSubscriber(ws);
      await removeCreated(step, state, log);
    }
  },
});

/** Until every answered publish is fully delivered, or timeoutMs passed (StepInfo carries no drainMs). */
async function waitForDeliveries(pipelines: readonly Pipeline[], timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (pipelines.some((p) => p.tracker.outstanding > 0) && performance.now() < deadline)
    await Bun.sleep(POLL_MS);
}

async function removeCreated(step: StepInfo, state: Opened, log: (line: string) => void): Promise<void> {
  await cleanUp(
    state.created.subscriptions.map((sub) => () => adminCall(step, "DELETE", `/admin/subscriptions/${sub}`)),
    log,
  );
  await cleanUp(
    state.created.topics.map((topic) => () => adminCall(step, "DELETE", `/admin/topics/${topic}`)),
    log,
  );
}
