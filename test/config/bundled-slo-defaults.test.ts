import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { BUNDLED_SLO_P99_MS, FALLBACK_SLO_P99_MS, REPO_ROOT } from "../../runner/config/config-defaults.ts";
import { BUNDLED_SCENARIOS } from "../../scenarios/bundled-scenarios.ts";

/** What the runner gives a bundled scenario when the matrix sets no SLO (resolve-variant.ts). */
const runnerDefault = (name: string): number => BUNDLED_SLO_P99_MS[name] ?? FALLBACK_SLO_P99_MS;

/** The scenario's own default for the given flags (its zod defaults filled in). */
function scenarioDefault(name: string, flags: Record<string, unknown> = {}): number {
  const scenario = BUNDLED_SCENARIOS.find((s) => s.name === name);
  if (!scenario) throw new Error(`no bundled scenario ${name}`);
  const parsed = z.object(scenario.flags).parse(flags) as never;
  return scenario.defaultSloP99Ms(parsed);
}

describe("one source per SLO default", () => {
  for (const scenario of BUNDLED_SCENARIOS)
    test(`${scenario.name}: the runner's default equals the scenario's own`, () => {
      expect(scenarioDefault(scenario.name)).toBe(runnerDefault(scenario.name));
    });

  test("every scenario the runner has a default for is bundled", () => {
    const names = BUNDLED_SCENARIOS.map((s) => s.name);
    for (const name of Object.keys(BUNDLED_SLO_P99_MS)) expect(names).toContain(name);
  });

  test("firehose keeps the runner's SLO whatever its payload", () => {
    for (const flags of [{ payload: "10kb" }, { payload: "1mb" }, { payloadMix: "mixed" }])
      expect(scenarioDefault("firehose", flags)).toBe(runnerDefault("firehose"));
  });

  test("matrix.yaml's per-scenario SLOs equal the runner's defaults", () => {
    const matrix = parse(readFileSync(path.join(REPO_ROOT, "matrix.yaml"), "utf8")) as {
      scenarios: Record<string, { sloP99Ms?: number } | null>;
    };
    for (const [name, settings] of Object.entries(matrix.scenarios))
      if (settings?.sloP99Ms !== undefined)
        expect([name, settings.sloP99Ms]).toEqual([name, runnerDefault(name)]);
  });
});
