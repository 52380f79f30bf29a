import { runScenario } from "../harness/run-scenario.ts";
import { defineScenario } from "../harness/scenario.ts";
import { payloadPicker } from "../service/workloads/payload-mix.ts";
import { THROUGHPUT_SLO_P99_MS } from "./throughput.ts";
import { startPubSubWorkload } from "./workload/pubsub-workload.ts";
import { endToEndFlags } from "./workload/workload-flags.ts";

/** Fixed-arrival-rate steps at 50/75/90/100/110% of a measured maximum (or --rates): percentiles per step and the knee. */
export const saturation = defineScenario({
  name: "saturation",
  summary:
    "fixed-rate steps at 50..110% of the closed-loop maximum (or --rates): per-step p99, knee, highest passing rate",
  flags: {
    ...endToEndFlags(),
  },
  defaultMode: "steps",
  latency: () => "endToEnd",
  defaultSloP99Ms: () => THROUGHPUT_SLO_P99_MS,
  parameters: (flags) => ({ ...flags }),
  setup: (flags, recorder) =>
    startPubSubWorkload(
      { name: "saturation", ...flags, payload: payloadPicker(flags.payloadMix), latency: "endToEnd" },
      recorder,
    ),
});

if (import.meta.main) await runScenario(saturation);
