import { expect, test } from "bun:test";
import { MAX_MESSAGE_BYTES } from "../../../engine/defaults.ts";
import type { OpRecorder } from "../../../harness/step-recorder.ts";
import { startPubSubWorkload } from "../../../scenarios/workload/pubsub-workload.ts";

const SMALL = Buffer.alloc(64);
// Over the engine's limit: publishMessage refuses it at once, ahead of the publishes still waiting in a batch.
const OVERSIZED = Buffer.alloc(MAX_MESSAGE_BYTES + 1);
const FAILS = (seq: number) => seq % 5 === 2;

test.each(["none", "keys8"] as const)(
  "ordering %s: every publish's own intended time reaches the recorder, a refused one's too, amid batched publishes",
  async (ordering) => {
    const calls = { published: [] as number[], delivered: [] as number[], failed: [] as number[] };
    const recorder: OpRecorder = {
      published: (ns) => calls.published.push(ns),
      delivered: (ns) => calls.delivered.push(ns),
      failed: (ns) => calls.failed.push(ns),
    };
    const workload = await startPubSubWorkload(
      {
        name: `fifo-${ordering}`,
        subscribers: 1,
        concurrency: 1,
        publishers: 2,
        batchSize: 10,
        ordering,
        payload: (seq) => (FAILS(seq) ? OVERSIZED : SMALL),
        latency: "publish",
      },
      recorder,
    );
    const count = 100;
    // Intended time = 1,000 + seq, so each recorded time names its publish.
    for (let seq = 0; seq < count; seq++) workload.fire(1_000 + seq);
    await workload.close();
    const seqs = Array.from({ length: count }, (_, seq) => seq);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    expect(sorted(calls.failed)).toEqual(seqs.filter(FAILS).map((seq) => 1_000 + seq));
    expect(sorted(calls.published)).toEqual(seqs.filter((seq) => !FAILS(seq)).map((seq) => 1_000 + seq));
    expect(sorted(calls.delivered)).toEqual(sorted(calls.published));
    expect(workload.counts()).toMatchObject({
      published: 80,
      delivered: 80,
      errors: 20,
      lost: 0,
      redelivered: 0,
    });
  },
);
