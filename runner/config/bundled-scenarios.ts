/** Scenario names the bundled image ships (scenarios/*.ts); kept here because runner/ must not import scenarios/. */
export const BUNDLED_SCENARIOS = [
  "calibration",
  "firehose",
  "fanout",
  "throughput",
  "thundering-herd",
  "soak",
  "saturation",
] as const;
export type BundledScenario = (typeof BUNDLED_SCENARIOS)[number];

export function isBundledScenario(name: string): name is BundledScenario {
  return (BUNDLED_SCENARIOS as readonly string[]).includes(name);
}
