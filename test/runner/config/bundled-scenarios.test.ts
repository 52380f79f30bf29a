import { expect, test } from "bun:test";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundledScenarios, isBundledScenario } from "../../../runner/config/bundled-scenarios.ts";
import { REPO_ROOT } from "../../../runner/config/config-defaults.ts";
import { MatrixError } from "../../../runner/config/matrix-error.ts";

test("the bundled scenarios are the harness's own files (scenarios/<name>.ts), read from its published data", () => {
  const files = readdirSync(join(REPO_ROOT, "scenarios"))
    .filter(
      (file) => file.endsWith(".ts") && !["bundled-scenarios.ts", "flags-json-schema.ts"].includes(file),
    )
    .map((file) => file.slice(0, -3));
  expect([...bundledScenarios()].sort()).toEqual(files.sort());
  expect(isBundledScenario("event-emitter-baseline")).toBe(true);
  expect(isBundledScenario("nope")).toBe(false);
});

test("a damaged list stops with a MatrixError naming the file", () => {
  const path = join(mkdtempSync(join(tmpdir(), "bundled-")), "flags.schema.json");
  writeFileSync(path, '{"scenarios": 3}');
  expect(() => bundledScenarios(path)).toThrow(MatrixError);
  writeFileSync(path, "{");
  expect(() => bundledScenarios(path)).toThrow(/flags\.schema\.json/);
});
