import type { FlagValue } from "../config/command-template.ts";
import type { MatrixVariant, ResolvedScenario } from "../config/resolved-matrix.ts";

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
