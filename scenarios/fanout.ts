import { z } from "zod";
import { runScenario } from "../harness/run-scenario.ts";
import { defineScenario } from "../harness/scenario.ts";
import { payloadPicker } from "../service/workloads/payload-mix.ts";
import { startPubSubWorkload } from "./workload/pubsub-workload.ts";
import { workloadFlags } from "./workload/workload-flags.ts";

/** Seed plan: 100 msg/s into 50 subscriptions, end-to-end p99 < 100 ms. */
export const FANOUT_DEFAULTS = { subscribers: 50, ratePerSec: 100, sloP99Ms: 100 } as const;

/** Routing efficiency: one topic fanned out to --subscribers subscriptions at --rate msg/s. */
export const fanout = defineScenario({
  name: "fanout",
  summary:
    "1 topic, --subscribers subscriptions (default 50) at --rate msg/s (default 100): end-to-end p99, deliveries/s",
  flags: {
    subscribers: workloadFlags.subscribers(FANOUT_DEFAULTS.subscribers),
    rate: z.coerce
      .number()
      .positive()
      .default(FANOUT_DEFAULTS.ratePerSec)
      .describe("published msg/s (steps mode)"),
    payloadMix: workloadFlags.payloadMix(),
    ordering: workloadFlags.ordering(),
    batchSize: workloadFlags.batchSize(),
    publishers: workloadFlags.publishers(1, 8),
    concurrency: workloadFlags.concurrency(),
  },
  defaultMode: "steps",
  latency: () => "endToEnd",
  defaultSloP99Ms: () => FANOUT_DEFAULTS.sloP99Ms,
  defaultRates: (flags) => [flags.rate],
  parameters: (flags) => ({ ...flags, deliveriesPerSecOffered: flags.rate * flags.subscribers }),
  async setup(flags, recorder) {
    const workload = await startPubSubWorkload(
      { name: "fanout", ...flags, payload: payloadPicker(flags.payloadMix), latency: "endToEnd" },
      recorder,
    );
    return {
      ...workload,
      notes: () => [
        ...workload.notes(),
        "deliveries/s = throughput.deliveredPerSec; run --subscribers=1,10,50 to get the scaling curve (linear is healthy, quadratic is not)",
        "rates in steps/ceiling are published msg/s; latency counts every delivery to every subscription",
      ],
    };
  },
});

if (import.meta.main) await runScenario(fanout);
