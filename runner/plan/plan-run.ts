import { expandCommand, usesStepSearch } from "../config/command-template.ts";
import { MAX_PLANNED_CELLS } from "../config/input-limits.ts";
import { MatrixError } from "../config/matrix-error.ts";
import { memorySearchSeconds, searchedAt, soaksPerSearch } from "../config/memory-search-settings.ts";
import { formatMemoryApprox, formatMemorySize } from "../config/memory-size.ts";
import type { Matrix, MatrixVariant, ResolvedScenario, VariantAxes } from "../config/resolved-matrix.ts";
import { DEFAULT_CPU_VIEW, pinnedMisfit, spareCoresFor } from "../host/core-allocation.ts";
import { applyWorkloadVariants, planVariants } from "./apply-workload-variants.ts";
import { buildServiceCell } from "./build-service-cell.ts";
import type { Cell } from "./cell.ts";
import { cellId } from "./cell-id.ts";
import { estimateCellSeconds, estimateRunSeconds } from "./estimate-cell-seconds.ts";
import { type Candidate, expandCells } from "./expand-cells.ts";
import { type HostFacts, IMAGE_TO_BUILD, type Plan, type PlanOptions } from "./plan.ts";
import { selectByFlags } from "./select-by-flags.ts";

/** Turns a loaded matrix, the CLI's choices and the host's size into the ordered list of cells to run. */
export function planRun(matrix: Matrix, options: PlanOptions, host: HostFacts): Plan {
  const { variant, scenarios } = selectByFlags(matrix, options);
  const narrow = {
    cpus: options.cpus ?? undefined,
    memoryBytes: options.memoryBytes ?? undefined,
    smol: options.smol ?? undefined,
    scenarios: options.scenarios ?? undefined,
  };
  const axes = {
    cpus: narrow.cpus ?? variant.axes.cpus,
    memoryBytes: narrow.memoryBytes ?? variant.axes.memoryBytes,
    smol: narrow.smol ?? variant.axes.smol,
    concurrency: variant.axes.concurrency,
    nofile: variant.axes.nofile,
    cpuView: variant.axes.cpuView,
  };
  const planned = countCandidates(variant, scenarios, axes) * Math.max(1, variant.variants.length);
  if (planned > MAX_PLANNED_CELLS)
    throw new MatrixError(
      matrix.path,
      [
        {
          path: "axes",
          line: null,
          column: null,
          message: `the matrix expands to ${planned} cells; at most ${MAX_PLANNED_CELLS} are accepted`,
        },
      ],
      { nextStep: "Use fewer axis values or flag values, or split the matrix into profiles." },
    );
  const { candidates, unusedExcludes } = expandCells(variant, scenarios, axes, narrow);
  const notes = unusedExcludes.map((index) => `exclude[${index}] matched no cell`);

  const idFlagKeys = flagKeysInIds(variant);
  const cells = new Map<string, Cell>();
  const cellEstimatedSeconds: Record<string, number> = {};
  for (const candidate of candidates) {
    const keys = idFlagKeys.get(candidate.scenario) ?? [];
    const id = cellId(candidate, keys);
    const base = variant.service
      ? buildServiceCell(
          candidate,
          variant.service,
          variant.image,
          buildCell(id, candidate, variant, options, host),
        )
      : buildCell(id, candidate, variant, options, host);
    for (const { cell, template } of applyWorkloadVariants(base, candidate, variant.variants, keys)) {
      const earlier = cells.get(cell.id);
      if (earlier && JSON.stringify(earlier) !== JSON.stringify(cell))
        throw new MatrixError(
          matrix.path,
          [{ path: "", line: null, column: null, message: `two different cells get the id "${cell.id}"` }],
          { nextStep: "Use flag values that differ in letters or digits, not only in punctuation." },
        );
      if (earlier) continue;
      cells.set(cell.id, cell);
      const { source } = candidate;
      cellEstimatedSeconds[cell.id] = cell.exceedsHost
        ? 0
        : estimateCellSeconds({
            ...cell,
            stepSeconds: source.stepSeconds,
            stepSearch: variant.service ? source.load?.fixed !== true : usesStepSearch(template),
            server: variant.service !== null,
          });
    }
  }
  if (!variant.service) notes.push(...timeoutNotes(scenarios));
  // --memory names the sizes to run: the search (which picks them) steps aside, and says so.
  const memorySearch = narrow.memoryBytes ? null : (variant.memorySearch ?? null);
  if (narrow.memoryBytes && variant.memorySearch)
    notes.push("--memory given: the memory search is off for this run");
  const searched = [...cells.values()].filter(
    (cell) => cell.exceedsHost === null && memorySearch !== null && searchedAt(memorySearch, cell.cpus),
  ).length;
  const searchSeconds = memorySearch ? memorySearchSeconds(memorySearch, searched) : 0;
  if (memorySearch)
    notes.push(
      `memory search: ${searched} cell(s) soaked at up to ${soaksPerSearch(memorySearch)} sizes of ${memorySearch.grid.map(formatMemorySize).join(", ")} (~${Math.round(searchSeconds)} s)`,
    );
  const estimatedSeconds =
    estimateRunSeconds(cellEstimatedSeconds, { server: variant.service !== null }) + searchSeconds;
  return {
    matrixPath: matrix.path,
    profile: variant.profile,
    image: variant.image,
    cells: [...cells.values()],
    cloudRun: variant.cloudRun,
    estimatedSeconds,
    cellEstimatedSeconds,
    host,
    notes,
    execution: { ...variant.execution, driver: options.driver ?? variant.execution.driver },
    ...(variant.variants.length > 0 ? { variants: planVariants(variant.variants) } : {}),
    ...(memorySearch ? { memorySearch } : {}),
  };
}

/** Flags that vary (list values) or that include rules set appear in ids; ids do not depend on CLI flags. */
function flagKeysInIds(variant: MatrixVariant): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const scenario of variant.scenarios) {
    const varying = Object.entries(scenario.flags).filter(([, values]) => values.length > 1);
    const included = variant.include
      .filter((rule) => rule.scenario === undefined || rule.scenario === scenario.name)
      .flatMap((rule) => Object.keys(rule.flags ?? {}));
    keys.set(scenario.name, [...new Set([...varying.map(([key]) => key), ...included])]);
  }
  return keys;
}

function buildCell(
  id: string,
  candidate: Candidate,
  variant: MatrixVariant,
  options: PlanOptions,
  host: HostFacts,
): Cell {
  const { source } = candidate;
  const env = smolEnv({ ...source.env }, candidate.smol);
  const values = { ...source, scenario: source.name };
  return {
    id,
    scenario: source.name,
    flags: candidate.flags,
    cpus: candidate.cpus,
    memoryBytes: candidate.memoryBytes,
    smol: candidate.smol,
    sloP99Ms: source.sloP99Ms,
    warmupSeconds: source.warmupSeconds,
    durationSeconds: source.durationSeconds,
    repetitions: options.repetitions ?? source.repetitions,
    maxRepetitions: source.maxRepetitions,
    timeoutSeconds: source.timeoutSeconds,
    image: variant.image.kind === "image" ? variant.image.ref : IMAGE_TO_BUILD,
    command: expandCommand(source.command ?? [], values, candidate.flags),
    env,
    network: source.network,
    ...cpuViewOf(candidate, host, {
      force: options.force === true,
      swarm: (options.driver ?? variant.execution.driver) === "swarm",
      spareCores: spareCoresFor(variant.service ? "service" : "scenario"),
    }),
    ...(typeof candidate.nofile === "number" && { nofile: candidate.nofile }),
  };
}

/** The view a cell runs under: pinned unless asked shared, forced past a host too small to pin, or on Swarm. */
function cpuViewOf(
  candidate: Candidate,
  host: HostFacts,
  { force, swarm, spareCores }: { force: boolean; swarm: boolean; spareCores: number },
): Pick<Cell, "exceedsHost" | "cpuView" | "cpuViewNote"> {
  const oversize = force ? null : exceedsHost(candidate, host);
  const asked = candidate.cpuView ?? DEFAULT_CPU_VIEW;
  if (asked === "shared") return { exceedsHost: oversize, cpuView: "shared" };
  if (swarm)
    return {
      exceedsHost: oversize,
      cpuView: "shared",
      cpuViewNote: "pinned asked, runs shared: the Swarm driver cannot pin cores",
    };
  const misfit = pinnedMisfit(candidate.cpus, host.cores, spareCores);
  if (!misfit) return { exceedsHost: oversize, cpuView: "pinned" };
  if (!force) return { exceedsHost: oversize ?? misfit, cpuView: "pinned" };
  return {
    exceedsHost: null,
    cpuView: "shared",
    cpuViewNote: `pinned asked, runs shared (--force): ${misfit}`,
  };
}

function timeoutNotes(scenarios: ResolvedScenario[]): string[] {
  return scenarios.flatMap((scenario) => {
    const stepSearch = usesStepSearch(scenario.command ?? []);
    const expected = estimateCellSeconds({
      ...scenario,
      repetitions: 1,
      timeoutSeconds: Infinity,
      stepSearch,
      hostProbe: false,
    });
    return expected > scenario.timeoutSeconds
      ? [
          `${scenario.name}: a run is expected to take ~${Math.round(expected)} s, over its timeoutSeconds ${scenario.timeoutSeconds}`,
        ]
      : [];
  });
}

/** The one place `--smol` reaches a container: BUN_OPTIONS, before any options the scenario sets itself. */
export function smolEnv(env: Record<string, string>, smol: boolean): Record<string, string> {
  if (!smol || /(^|\s)--smol(\s|$)/.test(env.BUN_OPTIONS ?? "")) return env;
  return { ...env, BUN_OPTIONS: env.BUN_OPTIONS ? `--smol ${env.BUN_OPTIONS}` : "--smol" };
}

/** How many cells expanding would produce at most (before dedup), computed without expanding: linear in the input. */
export function countCandidates(
  variant: MatrixVariant,
  scenarios: ResolvedScenario[],
  axes: VariantAxes,
): number {
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

/** Why this host cannot honour a cell's CPUs or memory (what it needs and what the host has); null when it can. */
export function exceedsHost(cell: { cpus: number; memoryBytes: number }, host: HostFacts): string | null {
  const needs: string[] = [];
  const has: string[] = [];
  if (cell.cpus > host.cores) {
    needs.push(`${cell.cpus} CPUs`);
    has.push(`${host.cores} CPUs`);
  }
  if (cell.memoryBytes > host.memoryBytes) {
    needs.push(`${formatMemorySize(cell.memoryBytes)} memory`);
    has.push(`${formatMemoryApprox(host.memoryBytes)}`);
  }
  return needs.length ? `needs ${needs.join(" and ")}, host has ${has.join(" and ")}` : null;
}
