import { type ResolvedMemorySearch, searchedAt } from "../../config/memory-search-settings.ts";
import { formatMemorySize } from "../../config/memory-size.ts";
import type { ExecutionDriver } from "../../drivers/execution-driver.ts";
import type { LoadGenerator } from "../../load/load-generator.ts";
import type { Cell } from "../../plan/cell.ts";
import type { RunObserver } from "../../progress/progress-printer.ts";
import type { CellRecord } from "../../results/cell-record.ts";
import { memoryPressureRecords } from "../../results/memory-pressure.ts";
import {
  MEMORY_SEARCH_FILE,
  type MemoryProbe,
  type MemorySearchResult,
} from "../../results/memory-search-record.ts";
import { type RunStore, writeFileAtomic } from "../../results/run-store.ts";
import { finishedCellRecord } from "../cell-record-of.ts";
import type { RunContext } from "../container-spec.ts";
import { runServerRepetition } from "../server/run-server-repetition.ts";
import { judgeSoak } from "./judge-soak.ts";

export interface MemoryFindingsOptions {
  driver: ExecutionDriver;
  store: RunStore;
  context: RunContext;
  observer: RunObserver;
  signal?: AbortSignal;
  /** Default: the generator each cell's plan names. */
  generator?: LoadGenerator;
}

/**
 * After the planned cells: ok cells under memory pressure re-stated as such, then (with `axes.memory: search`) the
 * memory search of each cell measured at the largest size. A size that fails is also kept as a cell record (oom,
 * memory-pressure ...); the searches go to memory-search.json. Finished records are never dropped.
 */
export async function runMemoryFindings(options: MemoryFindingsOptions): Promise<void> {
  const { store, observer } = options;
  for (const record of memoryPressureRecords([...store.done.values()])) {
    await store.writeCell(record);
    observer.message(`${record.cell.id}: ${record.message.split(";")[0]}`);
  }
  const search = store.run.plan.memorySearch;
  if (!search) return;
  const searched = [...store.done.values()].filter(
    (r) =>
      r.cell.memoryBytes === search.toBytes && r.cell.mode === "service" && searchedAt(search, r.cell.cpus),
  );
  const results: MemorySearchResult[] = [];
  for (const record of searched) {
    if (options.signal?.aborted) break;
    const ceiling = searchCeiling(record);
    if (!ceiling) {
      observer.message(
        `${record.cell.id}: no memory search (the cell ended ${record.status} with no confirmed ceiling)`,
      );
      continue;
    }
    const result = await searchCell(options, record, ceiling, search);
    results.push(result);
    observer.message(`${record.cell.id}: ${memorySearchLine(result)}`);
  }
  const file = { schemaVersion: 1 as const, searches: results };
  await writeFileAtomic(`${store.paths.dir}/${MEMORY_SEARCH_FILE}`, `${JSON.stringify(file, null, 2)}\n`);
}

/** The reference soak at the largest size, then a bisection of the grid below it. */
async function searchCell(
  options: MemoryFindingsOptions,
  record: CellRecord,
  ceiling: number,
  search: ResolvedMemorySearch,
): Promise<MemorySearchResult> {
  let offeredPerSec = ceiling * options.store.run.plan.cloudRun.utilizationTarget;
  const probes: MemoryProbe[] = [];
  let referenceCpu: number | null = null;
  const soak = async (memoryBytes: number): Promise<MemoryProbe> => {
    const cell = atMemory(record.cell, memoryBytes);
    options.observer.message(
      `${cell.id}: memory soak at ${offeredPerSec.toFixed(0)}/s for ${search.soakSeconds} s`,
    );
    const startedAt = new Date().toISOString();
    const repetition = await runServerRepetition({
      ...options,
      cell,
      index: 0,
      soak: { ratePerSec: offeredPerSec, seconds: search.soakSeconds },
    });
    const reference = memoryBytes === record.cell.memoryBytes;
    const probe = judgeSoak(
      repetition,
      memoryBytes,
      cell.sloP99Ms,
      search.soakSeconds,
      referenceCpu,
      reference,
    );
    probes.push(probe);
    // The largest size's own record (its ceiling) stays as measured; a smaller size that fails gets one.
    if (!probe.holds && memoryBytes !== record.cell.memoryBytes && probe.status !== "engine-lost") {
      const failed = finishedCellRecord(cell, options.context.runId, startedAt, [repetition]);
      await options.store.writeCell({
        ...failed,
        status: probe.status,
        message: `memory search: ${probe.why}`,
      });
    }
    return probe;
  };
  const grid = search.grid;
  let top = await soak(search.toBytes);
  // The largest size missing its own ceiling's load (status ok, not killed): that ceiling was no steady rate (the
  // host's or the generator's, or a busy host). Once more at half the load, which the sizes below must then hold.
  if (!top.holds && top.status === "ok" && !options.signal?.aborted) {
    offeredPerSec /= 2;
    top = await soak(search.toBytes);
  }
  referenceCpu = top.cpuPerRequestSeconds;
  let [failing, holding] = [-1, top.holds ? grid.length - 1 : grid.length];
  const verdicts = new Map<number, MemoryProbe>([[grid.length - 1, top]]);
  while (holding - failing > 1 && holding < grid.length && !options.signal?.aborted) {
    const middle = Math.floor((failing + holding) / 2);
    const probe = await soak(grid[middle] as number);
    verdicts.set(middle, probe);
    if (probe.status === "engine-lost") break; // no finding: the engine went away
    if (probe.holds) holding = middle;
    else failing = middle;
  }
  const answer = holding < grid.length ? verdicts.get(holding) : undefined;
  return {
    cellId: record.cell.id,
    scenario: record.cell.scenario,
    cpus: record.cell.cpus,
    smol: record.cell.smol,
    concurrency: record.cell.concurrency ?? null,
    variant: record.cell.variant?.name ?? null,
    largestMemoryBytes: search.toBytes,
    largestCeilingPerSec: ceiling,
    offeredPerSec,
    soakSeconds: search.soakSeconds,
    probes,
    smallestHoldingBytes: answer ? answer.memoryBytes : null,
    marginShare: answer?.peakMemoryBytes ? answer.peakMemoryBytes / answer.memoryBytes : null,
    firstFailing: failing >= 0 ? (verdicts.get(failing) ?? null) : top.holds ? null : top,
  };
}

/**
 * The load the search starts from: the cell's ceiling; for a cell with no ok repetition (exceeds-host, unstable,
 * drifted: the generator or the host the limit, or a host that slowed), the lowest rate its repetitions confirmed.
 */
export function searchCeiling(record: CellRecord): number | null {
  if (record.summary.ceilingPerSec) return record.summary.ceilingPerSec.median;
  const confirmed = record.repetitions
    .map((r) => r.result?.ceiling?.ceilingPerSec ?? 0)
    .filter((rate) => rate > 0);
  return confirmed.length === 0 ? null : Math.min(...confirmed);
}

/** The cell at another memory size: its id's memory part replaced. */
export function atMemory(cell: Cell, memoryBytes: number): Cell {
  const id = cell.id.replace(/__mem[^_]+__/, `__mem${formatMemorySize(memoryBytes)}__`);
  return { ...cell, id, memoryBytes };
}

/** "smallest memory 256Mi (peak 62% of it); 128Mi: oom (...)". */
export function memorySearchLine(result: MemorySearchResult): string {
  if (result.smallestHoldingBytes === null)
    return `memory search: not even ${formatMemorySize(result.largestMemoryBytes)} holds ${result.offeredPerSec.toFixed(0)}/s: ${result.firstFailing?.why ?? ""}`;
  const margin = result.marginShare === null ? "" : ` (peak ${Math.round(result.marginShare * 100)}% of it)`;
  const failing = result.firstFailing
    ? `; ${formatMemorySize(result.firstFailing.memoryBytes)}: ${result.firstFailing.status}, ${result.firstFailing.why}`
    : "; the smallest size searched";
  return `smallest memory ${formatMemorySize(result.smallestHoldingBytes)}${margin}${failing}`;
}
