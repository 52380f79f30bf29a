import { z } from "zod";
import { runScenario } from "../harness/run-scenario.ts";
import { defineScenario } from "../harness/scenario.ts";
import { payloadPicker } from "../service/workloads/payload-mix.ts";
import { startPubSubWorkload } from "./workload/pubsub-workload.ts";
import { workloadFlags } from "./workload/workload-flags.ts";

/** Loose end-to-end SLO for the burst (the runner's, config-defaults.ts): what matters is zero errors and all delivered. */
export const HERD_SLO_P99_MS = 250;

/** Connection storm: --publishers publishers start at once, each publishes one message and closes. */
export const thunderingHerd = defineScenario({
  name: "thundering-herd",
  summary:
    "--publishers (default 1000) publishers start at once, each publishes 1 message and closes: 0 errors, all delivered",
  flags: {
    publishers: workloadFlags.publishers(1000, 100_000),
    warmupS: z.coerce
      .number()
      .nonnegative()
      .default(0)
      .describe("warm-up seconds (a storm hits a cold process: default 0)"),
    subscribers: workloadFlags.subscribers(1),
    payloadMix: workloadFlags.payloadMix(),
    ordering: workloadFlags.ordering(),
  },
  defaultMode: "steps",
  latency: () => "endToEnd",
  defaultSloP99Ms: () => HERD_SLO_P99_MS,
  parameters: (flags) => ({ ...flags }),
  setup: (flags, recorder) =>
    startPubSubWorkload(
      {
        name: "thundering-herd",
        subscribers: flags.subscribers,
        concurrency: 1,
        publishers: 1,
        batchSize: 100,
        ordering: flags.ordering,
        payload: payloadPicker(flags.payloadMix),
        latency: "endToEnd",
        publisherPerMessage: true,
      },
      recorder,
    ),
  async run(runner, flags) {
    await runner.warmUp();
    const herd = await runner.burst(flags.publishers);
    return {
      steps: [herd.step],
      ceiling: null,
      measuredMs: herd.step.durationMs,
      representative: herd,
      sloMet: herd.step.sloMet,
      notes: [
        `${flags.publishers} publishers fired at one instant; latency is from that instant to each delivery`,
        "slo.met: zero errors, nothing lost, p99 within the SLO",
      ],
      parameters: {},
    };
  },
});

if (import.meta.main) await runScenario(thunderingHerd);
