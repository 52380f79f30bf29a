import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";
import { PACKAGE_ROOT } from "../package/tool-home.ts";
import { MIB } from "../units/units.ts";

/** Every default of matrix.yaml, in one place (docs/matrix-reference.md mirrors this file). */

/** The package's root (a clone, the installed package, or a binary's extracted files): the bundled build context. */
export const REPO_ROOT = PACKAGE_ROOT;

export const BUNDLED_BUILD = {
  context: REPO_ROOT,
  dockerfile: "Dockerfile",
  args: {} as Record<string, string>,
};

/** The bundled image's ENTRYPOINT is `bun`; this is the command after it. */
export const BUNDLED_COMMAND = [
  "scenarios/{scenario}.ts",
  "--mode=ceiling",
  "--warmup-s={warmupSeconds}",
  "--duration-s={durationSeconds}",
  "--step-s={stepSeconds}",
  "--slo-p99-ms={sloP99Ms}",
  "{flags}",
];

/** Per-scenario settings used when neither the scenario nor the `defaults` block sets them. */
export const SCENARIO_DEFAULTS = {
  warmupSeconds: 1,
  durationSeconds: 10,
  stepSeconds: 1,
  repetitions: 3,
  /** Cap for adaptive repetitions: more run while the ceiling CV is over 5% (never fewer than `repetitions`). */
  maxRepetitions: 6,
  timeoutSeconds: 120,
  network: false,
};

/** p99 latency SLOs of the bundled scenarios (benchmarking plan, "Success Criteria"); others get the fallback. */
export const BUNDLED_SLO_P99_MS: Record<string, number> = {
  calibration: 250,
  firehose: 50,
  fanout: 100,
  throughput: 100,
  "thundering-herd": 250,
  soak: 100,
  saturation: 100,
};
export const FALLBACK_SLO_P99_MS = 100;

export const DEFAULT_AXES = { cpus: [1], memory: ["512Mi"], smol: [false, true] };

/** Docker refuses memory limits below 6 MiB. */
export const MIN_MEMORY_BYTES = 6 * MIB;

/** Server mode (`service:`): Cloud Run's default --concurrency (its range: cloud-run/cloud-run-limits.ts), and readiness. */
export const SERVICE_DEFAULTS = {
  readyPath: "/",
  readyTimeoutSeconds: 30,
  concurrencySearch: true,
  method: "GET",
  concurrency: [CLOUD_RUN_LIMITS.defaultConcurrency],
};
