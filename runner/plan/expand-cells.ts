import type { FlagValue } from "../config/command-template.ts";
import type { CellMatcher } from "../config/matrix-body.ts";
import type { MatrixVariant, ResolvedScenario, VariantAxes } from "../config/resolved-matrix.ts";
import { DEFAULT_CPU_VIEW } from "../host/core-allocation.ts";
import type { CellKey } from "./cell-id.ts";

export type Candidate = CellKey & { source: ResolvedScenario };

/**
 * GitHub Actions matrix semantics: the product of the axes, minus cells an `exclude` rule matches, plus cells
 * each `include` rule adds (a rule's unset fields expand over the axes; includes may re-add excluded cells).
 * `narrow` holds the CLI's axis overrides: they filter include-added cells too.
 */
export function expandCells(
  variant: MatrixVariant,
  scenarios: ResolvedScenario[],
  axes: VariantAxes,
  narrow: Partial<VariantAxes> & { scenarios?: string[] },
): { candidates: Candidate[]; unusedExcludes: number[] } {
  const candidates: Candidate[] = [];
  const excludeHits = variant.exclude.map(() => 0);
  for (const scenario of scenarios) {
    for (const candidate of product(scenario, scenario.flags, axes)) {
      const hit = variant.exclude.findIndex((rule) => matches(rule, candidate));
      if (hit === -1) candidates.push(candidate);
      else excludeHits[hit] = (excludeHits[hit] ?? 0) + 1;
    }
  }
  for (const rule of variant.include) {
    const targets = rule.scenario ? variant.scenarios.filter((s) => s.name === rule.scenario) : scenarios;
    for (const scenario of targets) {
      if (narrow.scenarios && !narrow.scenarios.includes(scenario.name)) continue;
      const flags = { ...scenario.flags };
      for (const [key, value] of Object.entries(rule.flags ?? {})) flags[key] = [value];
      const ruleAxes = {
        cpus: pickAxis(rule.cpus, axes.cpus, narrow.cpus),
        memoryBytes: pickAxis(rule.memory, axes.memoryBytes, narrow.memoryBytes),
        smol: pickAxis(rule.smol, axes.smol, narrow.smol),
        concurrency: pickAxis(rule.concurrency, axes.concurrency, undefined),
        nofile: rule.nofile === undefined ? axes.nofile : [rule.nofile],
        cpuView: rule.cpuView === undefined ? axes.cpuView : [rule.cpuView],
      };
      candidates.push(...product(scenario, flags, ruleAxes));
    }
  }
  const unusedExcludes = excludeHits.flatMap((hits, index) => (hits === 0 ? [index] : []));
  return { candidates, unusedExcludes };
}

function pickAxis<T>(fixed: T | undefined, axis: T[], narrow: T[] | undefined): T[] {
  if (fixed === undefined) return axis;
  return narrow && !narrow.includes(fixed) ? [] : [fixed];
}

function product(
  source: ResolvedScenario,
  flagAxes: Record<string, FlagValue[]>,
  axes: VariantAxes,
): Candidate[] {
  const out: Candidate[] = [];
  for (const flags of flagCombinations(flagAxes))
    for (const cpus of axes.cpus)
      for (const memoryBytes of axes.memoryBytes)
        for (const smol of axes.smol)
          for (const concurrency of axes.concurrency.length ? axes.concurrency : [null])
            for (const nofile of axes.nofile?.length ? axes.nofile : [null])
              for (const cpuView of axes.cpuView?.length ? axes.cpuView : [DEFAULT_CPU_VIEW])
                out.push({
                  scenario: source.name,
                  flags,
                  cpus,
                  memoryBytes,
                  smol,
                  concurrency,
                  nofile,
                  cpuView,
                  source,
                });
  return out;
}

function flagCombinations(flagAxes: Record<string, FlagValue[]>): Array<Record<string, FlagValue>> {
  let combinations: Array<Record<string, FlagValue>> = [{}];
  for (const [key, values] of Object.entries(flagAxes))
    combinations = combinations.flatMap((partial) => values.map((value) => ({ ...partial, [key]: value })));
  return combinations;
}

function matches(rule: CellMatcher, cell: CellKey): boolean {
  if (rule.scenario !== undefined && rule.scenario !== cell.scenario) return false;
  if (rule.cpus !== undefined && rule.cpus !== cell.cpus) return false;
  if (rule.memory !== undefined && rule.memory !== cell.memoryBytes) return false;
  if (rule.smol !== undefined && rule.smol !== cell.smol) return false;
  if (rule.concurrency !== undefined && rule.concurrency !== cell.concurrency) return false;
  if (rule.nofile !== undefined && rule.nofile !== cell.nofile) return false;
  if (rule.cpuView !== undefined && rule.cpuView !== (cell.cpuView ?? DEFAULT_CPU_VIEW)) return false;
  return Object.entries(rule.flags ?? {}).every(([key, value]) => cell.flags[key] === value);
}
