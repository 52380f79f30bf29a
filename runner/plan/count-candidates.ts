import type { MatrixVariant, ResolvedScenario } from "../config/resolved-matrix.ts";
import type { Axes } from "./expand-cells.ts";

/** How many cells expanding would produce at most (before dedup), computed without expanding: linear in the input. */
export function countCandidates(variant: MatrixVariant, scenarios: ResolvedScenario[], axes: Axes): number {
  const axisCells =
    axes.cpus.length *
    axes.memoryBytes.length *
    axes.smol.length *
    Math.max(1, axes.nofile?.length ?? 0) *
    Math.max(1, axes.cpuView?.length ?? 0);
  const flagCells = (scenario: ResolvedScenario) =>
    Object.values(scenario.flags).reduce((product, values) => product * values.length, 1);
  let total = scenarios.reduce((sum, scenario) => sum + flagCells(scenario) * axisCells, 0);
  for (const rule of variant.include) {
    const targets = rule.scenario ? variant.scenarios.filter((s) => s.name === rule.scenario) : scenarios;
    total += targets.reduce((sum, scenario) => sum + flagCells(scenario) * axisCells, 0);
  }
  return total;
}
