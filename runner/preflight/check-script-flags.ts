import { z } from "zod";
import type { MatrixVariant } from "../config/matrix.ts";
import type { MatrixIssue } from "../config/matrix-error.ts";
import { flagIssues } from "./check-scenario-flags.ts";
import { flagSources } from "./flag-sources.ts";
import { FlagSchema } from "./scenario-flag-schemas.ts";

/** One flag a server-mode k6 script takes: `// bc-flag: <name> <JSON Schema>` on a comment line of its own. */
const DECLARATION = /^\/\/\s*bc-flag:\s*(.*)$/;
const NAMED = /^([a-z][a-z0-9-]*)\s+(\{.*\})\s*$/;

const compiles = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

export type ScriptFlags = { flags: Map<string, FlagSchema>; problems: string[] };

/** The flags a script declares (empty when it declares none) and its malformed declarations, by line. */
export function declaredScriptFlags(script: string): ScriptFlags {
  const flags = new Map<string, FlagSchema>();
  const problems: string[] = [];
  for (const [index, line] of script.split("\n").entries()) {
    const declaration = DECLARATION.exec(line.trim())?.[1];
    if (declaration === undefined) continue;
    const at = (problem: string) => problems.push(`line ${index + 1}: ${problem}`);
    const named = NAMED.exec(declaration);
    if (!named) {
      at(`expected "// bc-flag: <kebab-case name> <JSON Schema>", got "${line.trim()}"`);
      continue;
    }
    const [, name = "", json = ""] = named;
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (error) {
      at(`flag ${name}: the schema is not JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = FlagSchema.safeParse(value);
    if (!parsed.success) at(`flag ${name}: ${z.prettifyError(parsed.error)}`);
    else if (parsed.data.pattern !== undefined && !compiles(parsed.data.pattern))
      at(`flag ${name}: pattern ${JSON.stringify(parsed.data.pattern)} is not a regular expression`);
    else if (flags.has(name)) at(`flag ${name} is declared twice`);
    else flags.set(name, parsed.data);
  }
  return { flags, problems };
}

/** The matrix's flags (`flags:` and `include` rules) of selected server-mode scenarios against their scripts. */
export function scriptFlagIssues(variant: MatrixVariant, names: string[]): MatrixIssue[] {
  const issues: MatrixIssue[] = [];
  const at = (path: string, message: string) => issues.push({ path, line: null, column: null, message });
  const declarations = new Map<string, ScriptFlags>();
  for (const scenario of variant.scenarios.filter((s) => names.includes(s.name) && s.load?.script)) {
    const declared = declaredScriptFlags(scenario.load?.script ?? "");
    declarations.set(scenario.name, declared);
    for (const problem of declared.problems)
      at(`scenarios.${scenario.name}.script`, `${scenario.load?.scriptPath ?? "its script"}: ${problem}`);
  }
  for (const source of flagSources(variant, names)) {
    const declared = declarations.get(source.scenario.name);
    // A script that declares nothing reads its flags unchecked, as before.
    if (!declared || declared.flags.size === 0) continue;
    issues.push(...flagIssues(source, declared.flags, source.scenario.load?.scriptPath ?? "its script"));
  }
  return issues;
}
