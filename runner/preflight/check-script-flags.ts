import { z } from "zod";
import type { MatrixIssue } from "../config/matrix-error.ts";
import type { MatrixVariant } from "../config/resolved-matrix.ts";
import { flagIssues } from "./check-scenario-flags.ts";
import { flagSources } from "./flag-sources.ts";
import { FlagSchema } from "./scenario-flag-schemas.ts";

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
