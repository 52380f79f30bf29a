import { z } from "zod";
import { runScenario } from "../harness/run-scenario.ts";
import { defineScenario } from "../harness/scenario.ts";
import {
  PAYLOAD_BYTES,
  PayloadMix,
  type PayloadSize,
  payloadPicker,
  singleSizePicker,
} from "../service/workloads/payload-mix.ts";
import { startPubSubWorkload } from "./workload/pubsub-workload.ts";
import { workloadFlags } from "./workload/workload-flags.ts";

/** Seed plan target: publish p99 < 50 ms; the runner sizes every payload against it (config-defaults.ts). */
export const FIREHOSE_SLO_P99_MS = 50;

/** Ingestion ceiling: 1 topic, 0 subscribers; publish latency only. */
export const firehose = defineScenario({
  name: "firehose",
  summary: "1 topic, 0 subscribers: publish-only ingestion ceiling (publish latency)",
  flags: {
    payload: z.enum(["1kb", "10kb", "1mb"]).default("1kb").describe("1kb | 10kb | 1mb"),
    payloadMix: PayloadMix.optional().describe(
      "overrides --payload: small | large | mixed | mixed-heavy | full-spectrum",
    ),
    ordering: workloadFlags.ordering(),
    batchSize: workloadFlags.batchSize(),
    publishers: workloadFlags.publishers(1, 8),
  },
  defaultMode: "ceiling",
  latency: () => "publish",
  defaultSloP99Ms: () => FIREHOSE_SLO_P99_MS,
  parameters: (flags) => ({
    payload: flags.payloadMix ?? flags.payload,
    payloadBytes: flags.payloadMix === undefined ? PAYLOAD_BYTES[flags.payload as PayloadSize] : -1,
    ordering: flags.ordering,
    batchSize: flags.batchSize,
    publishers: flags.publishers,
  }),
  setup: (flags, recorder) =>
    startPubSubWorkload(
      {
        name: "firehose",
        subscribers: 0,
        concurrency: 1,
        publishers: flags.publishers,
        batchSize: flags.batchSize,
        ordering: flags.ordering,
        payload: flags.payloadMix ? payloadPicker(flags.payloadMix) : singleSizePicker(flags.payload),
        latency: "publish",
      },
      recorder,
    ),
});

if (import.meta.main) await runScenario(firehose);
