import { resolve } from "node:path";
import { createDockerClient } from "../docker/docker-client.ts";
import { ProgressPrinter } from "../progress/progress-printer.ts";
import type { RunRecord } from "../results/run-record.ts";
import { cellsToRun, DEFAULT_RESULTS_DIR, RunStore } from "../results/run-store.ts";
import { executeRun } from "./execute-run.ts";
import { prepareRun } from "./prepare-run.ts";
import { hostProbeFor } from "./run-host-probe.ts";
import { ownerContext, planDriver, type RunPlanOptions, wantsHostProbe } from "./run-plan.ts";

/** Continues a stored run: its own plan, only the cells with no record (or whose engine went away). */
export async function resumeRun(runId: string, options: RunPlanOptions = {}): Promise<RunRecord> {
  const docker = options.docker ?? createDockerClient();
  const observer = options.observer ?? new ProgressPrinter();
  const resultsDir = resolve(options.resultsDir ?? DEFAULT_RESULTS_DIR);
  const store = await RunStore.open(resultsDir, runId);
  const log = (line: string) => observer.message(line);
  const driver = options.driver ?? planDriver(store.run.plan, docker, observer, options.env);
  const prepared = await prepareRun(docker, store.run.plan, {
    driver,
    env: options.env,
    log,
    previousImage: store.run.image,
  });
  await store.resumeWith(prepared.environment, prepared.image, prepared.plan);
  const cells = cellsToRun(prepared.plan.cells, store.done);
  const kept = [...store.partials.values()].reduce((sum, p) => sum + p.repetitions.length, 0);
  log(
    `resuming ${runId}: ${store.done.size} cell(s) recorded, ${cells.length} to run` +
      (kept > 0 ? ` (${kept} of their repetitions kept)` : ""),
  );
  const context = ownerContext(runId, prepared.environment.commit);
  const { signal, hostLock = true } = options;
  // Runs stored before the order was recorded ran their repetitions one cell after another.
  const order = store.run.order ?? "sequential";
  const probe = wantsHostProbe(options) ? hostProbeFor(docker, { log, env: options.env }) : undefined;
  return executeRun({ driver, store, cells, context, observer, signal, hostLock, order, probe });
}
