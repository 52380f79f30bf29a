import type { Scenario } from "../harness/scenario.ts";
import { calibration } from "./calibration.ts";
import { eventEmitterBaseline } from "./event-emitter-baseline.ts";
import { fanout } from "./fanout.ts";
import { firehose } from "./firehose.ts";
import { saturation } from "./saturation.ts";
import { soak } from "./soak.ts";
import { throughput } from "./throughput.ts";
import { thunderingHerd } from "./thundering-herd.ts";

/** Every scenario the bench image ships (scenarios/<name>.ts), for generated data such as flags.schema.json. */
export const BUNDLED_SCENARIOS: ReadonlyArray<Scenario<never>> = [
  calibration,
  eventEmitterBaseline,
  fanout,
  firehose,
  saturation,
  soak,
  throughput,
  thunderingHerd,
] as unknown as ReadonlyArray<Scenario<never>>;
