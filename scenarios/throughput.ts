import { runScenario } from "../harness/run-scenario.ts";
import { defineScenario } from "../harness/scenario.ts";
import { payloadPicker } from "../service/workloads/payload-mix.ts";
import { startPubSubWorkload } from "./workload/pubsub-workload.ts";
import { endToEndFlags } from "./workload/workload-flags.ts";

/** Default end-to-end SLO for the throughput baseline (the seed plan sets none; fan-out's 100 ms is reused). */
export const THROUGHPUT_SLO_P99_MS = 100;

/** Baseline: 1 topic, 1 subscriber, immediate ack; the highest sustained rate meeting the SLO (regression metric). */
export const throughput = defineScenario({
  name: "throughput",
  summary: "1 topic, 1 subscriber, immediate ack: maximum sustained end-to-end rate (regression baseline)",
  flags: {
    ...endToEndFlags(),
  },
  defaultMode: "ceiling",
  latency: () => "endToEnd",
  defaultSloP99Ms: () => THROUGHPUT_SLO_P99_MS,
  parameters: (flags) => ({ ...flags }),
  setup: (flags, recorder) =>
    startPubSubWorkload(
      { name: "throughput", ...flags, payload: payloadPicker(flags.payloadMix), latency: "endToEnd" },
      recorder,
    ),
});

if (import.meta.main) await runScenario(throughput);
