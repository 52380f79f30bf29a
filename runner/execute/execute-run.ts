import type { HostProbe } from "../../contract/host-probe.ts";
import type { ExecutionDriver } from "../drivers/execution-driver.ts";
import { RunInterruptedError, withHostLock } from "../host/host-lock.ts";
import { type ProbeForm, probeText, SHORT_PROBE_INTERVAL_MS } from "../host/host-probe.ts";
import type { Cell } from "../plan/cell.ts";
import { FULL_PROBE_SECONDS } from "../plan/estimate-cell-seconds.ts";
import type { RunObserver } from "../progress/progress-printer.ts";
import { DEFAULT_REPETITION_ORDER, type RepetitionOrder, type RunRecord } from "../results/run-record.ts";
import type { RunStore } from "../results/run-store.ts";
import { exceedsHostRecord, finishedCellRecord } from "./cell-record-of.ts";
import type { RunContext } from "./container-spec.ts";
import type { HostProbes } from "./drift-verdict.ts";
import { runMemoryFindings } from "./memory-search/run-memory-search.ts";
import { needsMoreRepetitions, nextCell } from "./next-cell.ts";
import { runRepetition } from "./run-repetition.ts";

export interface ExecuteOptions {
  driver: ExecutionDriver;
  store: RunStore;
  cells: Cell[];
  context: RunContext;
  observer: RunObserver;
  signal?: AbortSignal;
  /** Wait for (then hold) the host lock before the first cell: one measuring run per host. Default false. */
  hostLock?: boolean;
  /** Repetitions across cells: interleaved (default) or sequential. */
  order?: RepetitionOrder;
  /** Measures the host (runHostProbe): full before the first cell and after the last, short between repetitions. */
  probe?: (form: ProbeForm) => Promise<HostProbe>;
}

/** Takes the run's host probes and keeps them in run.json; a failing probe is logged and the run goes on. */
function hostProbes(options: ExecuteOptions) {
  let latest: HostProbe | null = null;
  let lastAtMs = 0;
  const take = async (form: ProbeForm, when: string): Promise<HostProbe | null> => {
    if (!options.probe) return null;
    lastAtMs = Date.now();
    try {
      const probe = await options.probe(form);
      await options.store.addProbe(probe);
      latest = probe;
      options.observer.message(`host ${probeText(probe)} ${when}`);
      return probe;
    } catch (error) {
      options.observer.message(
        `${error instanceof Error ? error.message : String(error)} (${when}; the run goes on)`,
      );
      return null;
    }
  };
  /** A short probe now, for the drift check after a search that slowed (errors reach it: it records "unknown"). */
  const now = async (): Promise<HostProbe> => {
    if (!options.probe) throw new Error("this run takes no host probe");
    lastAtMs = Date.now();
    const probe = await options.probe("short");
    await options.store.addProbe(probe);
    latest = probe;
    options.observer.message(`host ${probeText(probe)} after a search that slowed`);
    return probe;
  };
  return {
    take,
    /** What each repetition's drift check reads (RunContext.hostProbes): the latest probe, and one taken now. */
    forRepetitions: (): HostProbes => ({ latest: async () => latest, now }),
    /** Between repetitions: the short form once a minute has passed since the last probe. */
    due: () => Date.now() - lastAtMs >= SHORT_PROBE_INTERVAL_MS,
    latest: () => latest,
  };
}

/** Holds the host lock while the cells run; an interrupt while waiting for it leaves a resumable run. */
export async function executeRun(options: ExecuteOptions): Promise<RunRecord> {
  if (!options.hostLock) return runCells(options);
  const log = (line: string) => options.observer.message(line);
  try {
    const lockOptions = { runId: options.context.runId, log, signal: options.signal };
    return await withHostLock(true, lockOptions, () => runCells(options));
  } catch (error) {
    if (error instanceof RunInterruptedError) return interrupted(options);
    throw error;
  }
}

/**
 * Runs the cells' repetitions in the run's order (interleaved across cells by default, or sequential), one at a time
 * or as many at once as the driver has physical hosts (maxParallelCells), never two of one cell at once. Each cell's
 * record is written when its last repetition ends; until then its finished repetitions are kept under partial/, so
 * --resume continues them. Stops cleanly on an interrupt (the run's containers removed, state interrupted) or when
 * the engine goes away (state engine-lost); both are resumable.
 */
async function runCells(options: ExecuteOptions): Promise<RunRecord> {
  const { driver, store, observer, context } = options;
  const order = options.order ?? DEFAULT_REPETITION_ORDER;
  const probed = options.probe !== undefined && options.cells.some((cell) => cell.exceedsHost === null);
  const probeSeconds = probed ? FULL_PROBE_SECONDS : 0;
  observer.runStarted(context.runId, options.cells, store.run.plan.cellEstimatedSeconds, {
    beforeCellsSeconds: probeSeconds,
    afterCellsSeconds: probeSeconds,
  });
  for (const cell of options.cells.filter((c) => c.exceedsHost !== null)) {
    const record = exceedsHostRecord(cell, context.runId);
    await store.writeCell(record);
    observer.cellFinished(record);
  }
  const progress = options.cells
    .filter((cell) => cell.exceedsHost === null)
    .map((cell) => {
      const partial = store.partials.get(cell.id);
      const startedAt: string | null = partial?.startedAt ?? null;
      return { cell, repetitions: partial?.repetitions ?? [], busy: false, done: false, startedAt };
    });
  const runnable = progress[0]?.cell;
  const parallel = runnable ? ((await driver.maxParallelCells?.(runnable.image)) ?? 1) : 1;
  const probes = hostProbes(options);
  if (runnable) await probes.take("full", "at start");
  // The drift check's probes too, one cell at a time only: with parallel cells a probe would share the host.
  const repetitionContext =
    options.probe && parallel === 1 ? { ...context, hostProbes: probes.forRepetitions() } : context;
  let ending: "interrupted" | "engine-lost" | null = null;
  const worker = async () => {
    for (let next = nextCell(progress, order); next && ending === null; next = nextCell(progress, order)) {
      if (options.signal?.aborted) {
        ending = "interrupted";
        return;
      }
      const current = next;
      current.busy = true;
      const startedAt = current.startedAt ?? new Date().toISOString();
      current.startedAt = startedAt;
      // Only while nothing else measures: with parallel cells a probe would share the host with them.
      if (parallel === 1 && probes.due()) await probes.take("short", "between repetitions");
      observer.cellStarted(current.cell);
      const probeBefore = probes.latest(); // the drift check may take another while it runs
      try {
        const measured = await runRepetition({
          driver,
          cell: current.cell,
          image: current.cell.image,
          index: current.repetitions.length,
          context: repetitionContext,
          signal: options.signal,
        });
        const repetition = options.probe ? { ...measured, hostProbe: probeBefore } : measured;
        current.repetitions.push(repetition);
        observer.repetitionFinished(current.cell, repetition);
        const lost = repetition.status === "engine-lost"; // the run stops; --resume re-runs this cell
        if (lost || !needsMoreRepetitions(current.cell, current.repetitions)) {
          const record = finishedCellRecord(current.cell, context.runId, startedAt, current.repetitions);
          await store.writeCell(record);
          current.done = true;
          observer.cellFinished(record);
          if (lost) ending ??= "engine-lost";
        } else await store.writePartial(current.cell.id, startedAt, current.repetitions);
      } catch (error) {
        if (!(error instanceof RunInterruptedError)) throw error;
        ending = "interrupted";
      } finally {
        current.busy = false;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  const unfinished = progress.some((c) => !c.done);
  if (ending === null && !options.signal?.aborted && !unfinished) {
    try {
      await runMemoryFindings({ ...options, context: repetitionContext });
    } catch (error) {
      if (!(error instanceof RunInterruptedError)) throw error;
      return interrupted(options); // --resume runs the memory search again
    }
  }
  if (runnable && ending === null && !options.signal?.aborted) await probes.take("full", "at end");
  if (ending === "interrupted" || (ending === null && options.signal?.aborted && unfinished))
    return interrupted(options);
  if (ending === "engine-lost") {
    observer.message(`the Docker engine went away: resume with --resume ${context.runId} once it runs again`);
    return store.finish("engine-lost");
  }
  return store.finish("complete");
}

async function interrupted(options: ExecuteOptions): Promise<RunRecord> {
  const removed = await options.driver.removeRun(options.context.runId).catch(() => 0);
  const runId = options.context.runId;
  options.observer.message(
    `interrupted: ${options.store.done.size} cell(s) recorded${removed ? `, ${removed} container(s) removed` : ""}; resume with --resume ${runId}`,
  );
  return options.store.finish("interrupted");
}
