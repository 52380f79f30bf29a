import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { SCENARIO_FLAG_SCHEMAS_PATH } from "../config/bundled-scenarios.ts";
import type { FlagValue } from "../config/command-template.ts";
import { MatrixError, type MatrixIssue } from "../config/matrix-error.ts";
import type { MatrixVariant } from "../config/resolved-matrix.ts";
import { type FlagSource, flagSources } from "./flag-sources.ts";
import { type FlagSchema, kebabCase, ScenarioFlagSchemas } from "./scenario-flag-schemas.ts";

/** Reads the published schemas; null when this checkout does not ship them (then flags are checked in-container). */
export function readScenarioFlagSchemas(path = SCENARIO_FLAG_SCHEMAS_PATH): ScenarioFlagSchemas | null {
  if (!existsSync(path)) return null;
  const fail = (message: string) =>
    new MatrixError(path, [{ path: "", line: null, column: null, message }], {
      headline: "Unreadable scenario flag schemas",
      nextStep: "Restore the file from git (git checkout -- scenarios/flags.schema.json).",
    });
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw fail(`not valid JSON: ${(error as Error).message}`);
  }
  const parsed = ScenarioFlagSchemas.safeParse(json);
  if (!parsed.success) throw fail(`not a flag schema document: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Every flag value (`flags:` and `include` rules) of the bundled image's selected scenarios against its schema. */
export function scenarioFlagIssues(
  variant: MatrixVariant,
  schemas: ScenarioFlagSchemas,
  names: string[],
): MatrixIssue[] {
  if (!variant.bundledImage) return [];
  return flagSources(variant, names).flatMap((source) => {
    const schema = schemas[source.scenario.name];
    if (!schema) return [];
    const allowed = new Map(Object.entries(schema.properties).map(([name, flag]) => [kebabCase(name), flag]));
    return flagIssues(source, allowed, `"${source.scenario.name}"`, kebabCase);
  });
}

/** A source's flags against `allowed` (name -> schema, looked up by `key(flag)`): unknown names, values outside. */
export function flagIssues(
  { path, flags }: FlagSource,
  allowed: Map<string, FlagSchema>,
  owner: string,
  key: (flag: string) => string = (flag) => flag,
): MatrixIssue[] {
  const issues: MatrixIssue[] = [];
  for (const [flag, values] of Object.entries(flags)) {
    const at = (message: string) =>
      issues.push({ path: `${path}.${flag}`, line: null, column: null, message });
    const schema = allowed.get(key(flag));
    if (!schema) {
      at(`${owner} has no flag "${flag}"; its flags: ${[...allowed.keys()].join(", ")}`);
      continue;
    }
    for (const value of values) {
      const problem = flagValueProblem(value, schema);
      if (problem) at(`got ${JSON.stringify(value)}; ${problem}`);
    }
  }
  return issues;
}

/** Why a value does not fit a flag's schema (read as the harness reads `--flag=value` text), or null. */
export function flagValueProblem(value: FlagValue, schema: FlagSchema): string | null {
  const text = String(value);
  if (schema.enum && !schema.enum.map(String).includes(text))
    return `expected one of ${schema.enum.join(", ")}`;
  if (schema.type === "boolean" && text !== "true" && text !== "false") return "expected true or false";
  if (schema.type === "number" || schema.type === "integer") {
    const number = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(number)) return `expected a plain decimal number`;
    if (schema.type === "integer" && !Number.isInteger(number)) return "expected a whole number";
    if (schema.minimum !== undefined && number < schema.minimum) return `expected at least ${schema.minimum}`;
    if (schema.maximum !== undefined && number > schema.maximum) return `expected at most ${schema.maximum}`;
    if (schema.exclusiveMinimum !== undefined && number <= schema.exclusiveMinimum)
      return `expected more than ${schema.exclusiveMinimum}`;
    if (schema.exclusiveMaximum !== undefined && number >= schema.exclusiveMaximum)
      return `expected less than ${schema.exclusiveMaximum}`;
  }
  if (schema.pattern && !new RegExp(schema.pattern).test(text))
    return `expected text matching ${schema.pattern}`;
  return null;
}
