import { expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { BUNDLED_SCENARIOS } from "../../scenarios/bundled-scenarios.ts";
import { flagsJsonSchema } from "../../scenarios/flags-json-schema.ts";

const SCENARIOS_DIR = join(import.meta.dir, "../../scenarios");

test("the committed scenarios/flags.schema.json is the one generated from the scenarios' flags", async () => {
  const committed = await Bun.file(join(SCENARIOS_DIR, "flags.schema.json")).json();
  expect(committed).toEqual(JSON.parse(JSON.stringify(flagsJsonSchema())));
});

test("every scenarios/<name>.ts entry point is in the bundled list, under its file name", () => {
  const files = readdirSync(SCENARIOS_DIR)
    .filter((file) => file.endsWith(".ts") && !/^(bundled-scenarios|flags-json-schema)\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ""))
    .sort();
  expect(BUNDLED_SCENARIOS.map((scenario) => scenario.name).sort()).toEqual(files);
});

test("flags are keyed kebab-case as on the command line, with the common flags and no unknown ones", () => {
  const { scenarios } = flagsJsonSchema() as {
    scenarios: Record<
      string,
      { properties: Record<string, { type?: string }>; additionalProperties: boolean }
    >;
  };
  const calibration = scenarios.calibration;
  expect(calibration?.properties["op-us"]?.type).toBe("number");
  expect(calibration?.properties["warmup-s"]).toBeDefined();
  expect(calibration?.properties.opUs).toBeUndefined();
  expect(calibration?.additionalProperties).toBe(false);
});
