import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { REPO_ROOT } from "./config-defaults.ts";
import { MatrixError } from "./matrix-error.ts";

/** Where the harness publishes its scenarios' flags as data (runner/ never imports scenarios/); its keys name them. */
export const SCENARIO_FLAG_SCHEMAS_PATH = join(REPO_ROOT, "scenarios/flags.schema.json");
const Published = z.looseObject({ scenarios: z.record(z.string(), z.unknown()) });
let cached: readonly string[] | null = null;

/** Scenario names the bundled image ships (scenarios/<name>.ts), read once from the harness's published list. */
export function bundledScenarios(path = SCENARIO_FLAG_SCHEMAS_PATH): readonly string[] {
  if (cached && path === SCENARIO_FLAG_SCHEMAS_PATH) return cached;
  const fail = (message: string) =>
    new MatrixError(path, [{ path: "scenarios", line: null, column: null, message }], {
      headline: "Unreadable list of bundled scenarios",
      nextStep: "Restore the file from git (git checkout -- scenarios/flags.schema.json).",
    });
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw fail(`cannot read it as JSON: ${(error as Error).message}`);
  }
  const parsed = Published.safeParse(json);
  if (!parsed.success) throw fail(`not the harness's flag schema document: ${z.prettifyError(parsed.error)}`);
  const names = Object.keys(parsed.data.scenarios);
  if (path === SCENARIO_FLAG_SCHEMAS_PATH) cached = names;
  return names;
}

export const isBundledScenario = (name: string): boolean => bundledScenarios().includes(name);
