import type { BenchResult } from "../../../contract/result.ts";
import type { RunFacts } from "../../drivers/execution-driver.ts";
import { timelineParameters } from "../../load/fixed-summary.ts";
import type { Cell } from "../../plan/cell.ts";
import type { ServiceCell } from "../../plan/service-cell.ts";
import { holdMemory } from "./hold-memory.ts";
import type { FixedShapeRun } from "./run-fixed-shape.ts";
import { serverResult } from "./server-result.ts";

/** Result parameters holding a fixed-shape workload's figures start with this (units in the rest of the name). */
export const FIXED_FIGURE_PREFIX = "fixed.";

export interface FixedShapeParts {
  cell: Cell & { service: ServiceCell; concurrency: number };
  run: FixedShapeRun;
  facts: RunFacts;
  /** Epoch ms the service container started (its Docker stats samples count from here). */
  serviceStartedAtMs: number;
  /** Epoch ms it first answered readyPath: a memory baseline is taken after this. */
  readyAtMs: number;
  sidecarCpuSeconds: Record<string, number> | null;
  commit: string | null;
}

/**
 * The contract line of a fixed-shape workload (no search, no ceiling): the script's figures as `fixed.<name>`
 * parameters, plus the service's memory per held connection from its Docker stats when the script held connections.
 */
export function fixedShapeResult(parts: FixedShapeParts): BenchResult {
  const { run, cell } = parts;
  const base = serverResult({ ...parts, steps: [], ceiling: null, searchNotes: [], warmupMs: 0 });
  const figures: Record<string, number> = { ...run.summary.figures };
  const memory = holdMemory(parts.facts.stats, parts.serviceStartedAtMs, run.summary.window, parts.readyAtMs);
  const held = figures.connectedCount ?? 0;
  if (memory !== null) {
    figures.serviceMemoryBaselineBytes = memory.baselineBytes;
    figures.serviceMemoryHoldPeakBytes = memory.holdPeakBytes;
    if (held > 0)
      figures.memoryPerConnectionBytes = Math.max(0, (memory.holdPeakBytes - memory.baselineBytes) / held);
  }
  if (run.serviceCpuSeconds !== null) figures.serviceCpuSeconds = run.serviceCpuSeconds;
  figures.generatorCpuSeconds = run.generatorCpuSeconds;
  const parameters: BenchResult["parameters"] = { ...base.parameters, workload: run.summary.workload };
  for (const [name, value] of Object.entries(figures)) parameters[`${FIXED_FIGURE_PREFIX}${name}`] = value;
  Object.assign(parameters, timelineParameters(run.summary.timelines));
  return {
    ...base,
    parameters,
    durationMs: run.wallMs,
    throughput: { publishedPerSec: 0, deliveredPerSec: 0, ackedPerSec: 0 },
    counts: { ...base.counts, published: 0, delivered: 0, acked: 0, errors: run.summary.failures },
    latency: { publish: null, endToEnd: null },
    slo: null,
    notes: [
      `server mode, fixed-shape workload "${run.summary.workload}" (no ceiling search): its figures are the fixed.* parameters, units in their names`,
      memory === null
        ? "memory per connection: no Docker stats sample fell between readiness and the load, or inside the hold (about one a second)"
        : "memory per connection = (the service's highest Docker-stats memory during the hold - its memory before the load) / connections held",
      `${run.summary.failures} operations failed`,
      ...base.notes.filter((note) => note.startsWith("sidecar ")),
      ...(cell.nofile ? [`the service ran with ulimit nofile ${cell.nofile} (axes.nofile)`] : []),
    ],
  };
}
