import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { SCENARIO_FLAG_SCHEMAS_PATH } from "../config/bundled-scenarios.ts";
import type { FlagValue } from "../config/command-template.ts";
import { MatrixError, type MatrixIssue } from "../config/matrix-error.ts";
import type { MatrixVariant, ResolvedScenario } from "../config/resolved-matrix.ts";

/** One flag's JSON Schema, the subset the harness publishes: type, enum, bounds, pattern. */
export const FlagSchema = z.looseObject({
  type: z.enum(["string", "number", "integer", "boolean"]).optional(),
  enum: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusiveMinimum: z.number().optional(),
  exclusiveMaximum: z.number().optional(),
  pattern: z.string().optional(),
  description: z.string().optional(),
});
export type FlagSchema = z.infer<typeof FlagSchema>;

const ScenarioSchema = z.looseObject({ properties: z.record(z.string(), FlagSchema) });

/** scenarios/flags.schema.json: each bundled scenario's flags as JSON Schema (published by the harness as data). */
export const ScenarioFlagSchemas = z.union([
  z.looseObject({ scenarios: z.record(z.string(), ScenarioSchema) }).transform((doc) => doc.scenarios),
  z.record(z.string(), ScenarioSchema),
]);
export type ScenarioFlagSchemas = z.output<typeof ScenarioFlagSchemas>;

/** Flag names as written on a command line: --payload-mix (the schema may use payloadMix). */
export const kebabCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Flag values a selected scenario will run with, and the matrix field they come from. */
export type FlagSource = { scenario: ResolvedScenario; path: string; flags: Record<string, FlagValue[]> };

/** Each selected scenario's own `flags:`, then every `include` rule's flags for the scenarios it adds cells to. */
export function flagSources(variant: MatrixVariant, names: string[]): FlagSource[] {
  const selected = variant.scenarios.filter((s) => names.includes(s.name));
  const sources: FlagSource[] = selected.map((scenario) => ({
    scenario,
    path: `scenarios.${scenario.name}.flags`,
    flags: scenario.flags,
  }));
  for (const [index, rule] of variant.include.entries()) {
    const flags = Object.fromEntries(Object.entries(rule.flags ?? {}).map(([key, value]) => [key, [value]]));
    if (Object.keys(flags).length === 0) continue;
    for (const scenario of selected.filter((s) => rule.scenario === undefined || s.name === rule.scenario))
      sources.push({ scenario, path: `include[${index}].flags`, flags });
  }
  return sources;
}

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

export type ScriptFlags = { flags: Map<string, FlagSchema>; problems: string[] };

/** The flags a workload module declares (its zod fields as JSON Schema, from generator/describe.ts). */
export function declaredScriptFlags(declared: Record<string, Record<string, unknown>>): ScriptFlags {
  const flags = new Map<string, FlagSchema>();
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(declared)) {
    const parsed = FlagSchema.safeParse(schema);
    if (parsed.success) flags.set(name, parsed.data);
    else problems.push(`flag ${name}: ${z.prettifyError(parsed.error)}`);
  }
  return { flags, problems };
}

/** The matrix's flags (`flags:` and `include` rules) of selected server-mode scenarios against their modules. */
export function scriptFlagIssues(variant: MatrixVariant, names: string[]): MatrixIssue[] {
  const issues: MatrixIssue[] = [];
  const at = (path: string, message: string) => issues.push({ path, line: null, column: null, message });
  const declarations = new Map<string, ScriptFlags>();
  for (const scenario of variant.scenarios.filter((s) => names.includes(s.name) && s.load?.workload)) {
    const declared = declaredScriptFlags(scenario.load?.workload?.flags ?? {});
    declarations.set(scenario.name, declared);
    for (const problem of declared.problems)
      at(`scenarios.${scenario.name}.script`, `${scenario.load?.scriptPath ?? "its module"}: ${problem}`);
  }
  for (const source of flagSources(variant, names)) {
    const declared = declarations.get(source.scenario.name);
    if (!declared) continue;
    issues.push(...flagIssues(source, declared.flags, source.scenario.load?.scriptPath ?? "its module"));
  }
  return issues;
}
