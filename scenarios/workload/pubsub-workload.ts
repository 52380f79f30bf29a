import { PubSub } from "../../engine/index.ts";
import { MessageLedger } from "../../harness/message-ledger.ts";
import { OwedTimes } from "../../harness/owed-times.ts";
import type { ScenarioLatency } from "../../harness/scenario-latency.ts";
import type { OpRecorder } from "../../harness/step-recorder.ts";
import type { Workload } from "../../harness/workload.ts";
import { SeqAttributes } from "./seq-attributes.ts";

/** How long close() waits for outstanding deliveries before declaring them lost. */
export const CLOSE_DRAIN_MS = 5_000;
/** Publisher batching window (ms); with --batch-size=1 every message is sent at once. */
export const BATCH_MAX_MS = 10;
/** Ordering keys used by --ordering=keys8. */
export const ORDERING_KEY_COUNT = 8;

export interface PubSubWorkloadOptions {
  name: string;
  /** Subscriptions on the topic; 0 for a firehose. */
  subscribers: number;
  /** Subscriber handles per subscription. */
  concurrency: number;
  /** Topic handles that publish, round robin. */
  publishers: number;
  batchSize: number;
  ordering: "none" | "keys8";
  payload: (seq: number) => Buffer;
  /** Which completion the harness measures: publish acknowledged, or first delivery to each subscription. */
  latency: ScenarioLatency;
  /** Thundering herd: every message gets a fresh topic handle that publishes once, flushes, and is dropped. */
  publisherPerMessage?: boolean;
}

interface DeliveredMessage {
  attributes: Record<string, string>;
  deliveryAttempt?: number | null;
  ack(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One topic, N subscriptions (immediate ack), M publishers on the engine. Each message carries its sequence number;
 * every subscription tracks the sequences it still owes (with their intended send times), so lost and redelivered
 * messages are counted, never hidden.
 */
export async function startPubSubWorkload(
  options: PubSubWorkloadOptions,
  recorder: OpRecorder,
): Promise<Workload> {
  const pubsub = new PubSub();
  const topicName = `bench-${options.name}-${process.pid}`;
  await pubsub.createTopic(topicName);
  const ordered = options.ordering === "keys8";
  const openPublisher = () =>
    pubsub.topic(topicName, {
      batching: { maxMessages: options.batchSize, maxMilliseconds: BATCH_MAX_MS },
      messageOrdering: ordered,
    });
  const publishers = Array.from({ length: options.publishers }, openPublisher);
  const ledger = new MessageLedger(options.subscribers);
  // Per subscription: sequence -> intended send time of every message it still owes (no timestamp strings on the wire).
  const owed: OwedTimes[] = [];
  const handles: { close(): Promise<void> }[] = [];
  let publishesInFlight = 0;

  for (let index = 0; index < options.subscribers; index++) {
    const subscriptionName = `${topicName}-sub-${index}`;
    await pubsub.topic(topicName).createSubscription(subscriptionName, { enableMessageOrdering: ordered });
    const pending = new OwedTimes();
    owed.push(pending);
    const seqReader = new SeqAttributes();
    const onMessage = (message: DeliveredMessage) => {
      message.ack();
      ledger.acked++;
      const seq = seqReader.read(message.attributes);
      const intendedNs = pending.take(seq);
      if (intendedNs !== undefined) {
        ledger.delivered++;
        recorder.delivered(intendedNs);
      } else ledger.redelivered++;
    };
    for (let stream = 0; stream < options.concurrency; stream++) {
      const handle = pubsub.subscription(subscriptionName);
      handle.on("message", onMessage);
      handle.on("error", (error: unknown) => {
        ledger.errors++;
        console.error(`[workload] subscriber error: ${String(error)}`);
      });
      handles.push(handle);
    }
  }

  let nextSeq = 0;
  const seqAttributes = new SeqAttributes();
  const fire = (intendedNs: number) => {
    const seq = nextSeq++;
    const attributes = seqAttributes.next();
    const publisher = options.publisherPerMessage
      ? openPublisher()
      : (publishers[seq % publishers.length] as (typeof publishers)[number]);
    const orderingKey = ordered ? `key-${seq % ORDERING_KEY_COUNT}` : undefined;
    for (const pending of owed) pending.set(seq, intendedNs);
    publishesInFlight++;
    // Only deliveries need the sequence; a firehose sends no attributes at all.
    const data = options.payload(seq);
    const published = publisher.publishMessage(
      orderingKey !== undefined
        ? { data, attributes, orderingKey }
        : owed.length > 0
          ? { data, attributes }
          : { data },
    );
    // A herd publisher sends its one message now instead of waiting for the batch window.
    if (options.publisherPerMessage) publisher.flush().catch(() => undefined);
    published.then(
      () => {
        publishesInFlight--;
        ledger.published++;
        recorder.published(intendedNs);
      },
      (error: unknown) => {
        publishesInFlight--;
        ledger.errors++;
        for (const pending of owed) pending.take(seq);
        if (orderingKey !== undefined) publisher.resumePublishing(orderingKey);
        recorder.failed(intendedNs, error);
      },
    );
  };

  const outstanding = () => publishesInFlight + owed.reduce((sum, pending) => sum + pending.size, 0);
  return {
    completionsPerOp: options.latency === "publish" ? 1 : Math.max(1, options.subscribers),
    fire,
    counts: () => ledger.snapshot(),
    async close() {
      await Promise.all(publishers.map((publisher) => publisher.flush()));
      const deadline = Date.now() + CLOSE_DRAIN_MS;
      while (outstanding() > 0 && Date.now() < deadline) await sleep(5);
      await Promise.all(handles.map((handle) => handle.close()));
    },
    notes() {
      const notes = [
        `topology: 1 topic, ${options.subscribers} subscription(s) x ${options.concurrency} handle(s), ${options.publishers} publisher(s), batch ${options.batchSize}, ordering ${options.ordering}; payload buffers are reused`,
      ];
      if (publishesInFlight > 0) notes.push(`${publishesInFlight} publish calls never settled`);
      return notes;
    },
  };
}
