import type { FixedSummary } from "../../../contract/generator-step.ts";
import type { BenchResult } from "../../../contract/result.ts";
import type { RunFacts } from "../../drivers/execution-driver.ts";
import { RunInterruptedError } from "../../host/host-lock.ts";
import { parseFixedSummary, timelineParameters } from "../../load/fixed-summary.ts";
import type { Cell } from "../../plan/cell.ts";
import type { ServiceCell } from "../../plan/service-cell.ts";
import type { DockerStats } from "../../results/cell-record.ts";
import { type ServerStepContext, stepDeadlineMs, stepRequest } from "./run-server-step.ts";
import { serverResult } from "./server-result.ts";
import { ServerStepError } from "./server-step-error.ts";

export interface FixedShapeRun {
  summary: FixedSummary;
  /** The service's CPU over the run (cgroup, from outside); null when unreadable. */
  serviceCpuSeconds: number | null;
  generatorCpuSeconds: number;
  wallMs: number;
}

/** A fixed-shape workload (search: false): the script runs once for durationSeconds and prints its own figures. */
export async function runFixedShape(context: ServerStepContext): Promise<FixedShapeRun> {
  const { pod, generator, signal, cell } = context;
  const request = stepRequest(context, null, "probe", cell.durationSeconds * 1000);
  const before = await pod.cpuSeconds?.().catch(() => undefined);
  const started = Date.now();
  const outcome = await pod.runMember(generator.stepContainer(request), stepDeadlineMs(request), signal);
  const wallMs = Date.now() - started;
  if (signal.aborted) throw new RunInterruptedError(String(signal.reason ?? "signal"));
  const after = await pod.cpuSeconds?.().catch(() => undefined);
  if (!(await pod.serviceRunning()))
    throw new ServerStepError("service-stopped", `the service stopped during the ${cell.scenario} run`);
  if (outcome.timedOut)
    throw new ServerStepError(
      "generator-timeout",
      `the ${cell.scenario} workload did not finish within ${stepDeadlineMs(request)} ms (durationSeconds ${cell.durationSeconds} s, its drain and timeout, and start-up)`,
    );
  let summary: FixedSummary;
  try {
    summary = parseFixedSummary(outcome.stdout, outcome.stderr);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
    const message = `the ${cell.scenario} script's output is unusable (exit ${outcome.exitCode}): ${detail}`;
    throw new ServerStepError("bad-output", message, outcome.stdout, { cause: error });
  }
  return {
    summary,
    serviceCpuSeconds: before && after ? Math.max(0, after.service - before.service) : null,
    generatorCpuSeconds: outcome.cpuSeconds,
    wallMs,
  };
}

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

export interface HoldMemory {
  /** The service's memory (Docker stats) at the last sample after it was ready and before the load began. */
  baselineBytes: number;
  /** Its highest sample while the connections were held. */
  holdPeakBytes: number;
}

/**
 * The service's memory before the load and during the hold, from its Docker stats samples (about one a second;
 * elapsedMs counts from the service container's start, serviceStartedAtMs in epoch ms). A baseline must come after
 * readiness (readyAtMs), when the runtime is loaded; null without a sample in both places.
 */
export function holdMemory(
  stats: DockerStats | null,
  serviceStartedAtMs: number,
  window: { startMs: number; holdStartMs: number | null; holdEndMs: number | null },
  readyAtMs: number = serviceStartedAtMs,
): HoldMemory | null {
  const { holdStartMs, holdEndMs } = window;
  if (stats === null || holdStartMs === null || holdEndMs === null) return null;
  const at = (sample: { elapsedMs: number }) => serviceStartedAtMs + sample.elapsedMs;
  const before = stats.samples.filter((s) => at(s) >= readyAtMs && at(s) <= window.startMs).at(-1);
  const held = stats.samples.filter((s) => at(s) >= holdStartMs && at(s) <= holdEndMs);
  if (before === undefined || held.length === 0) return null;
  return { baselineBytes: before.memoryBytes, holdPeakBytes: Math.max(...held.map((s) => s.memoryBytes)) };
}
