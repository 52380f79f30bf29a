import os from "node:os";
import { join, resolve } from "node:path";
import {
  BAD_INPUT_EXIT_CODE,
  badInputMessage,
  DEFAULT_OUT_DIR,
  loadMatrix,
  localHostFacts,
  parseRunArgs,
  planRun,
  RUN_USAGE,
  renderDryRun,
} from "../cli/index.ts";
import type { DockerApi } from "../docker/docker-api.ts";
import { createDockerClient } from "../docker/docker-client.ts";
import { createDriver } from "../drivers/create-driver.ts";
import type { ExecutionDriver } from "../drivers/execution-driver.ts";
import { executeRun } from "../execute/execute-run.ts";
import { listenForInterrupt, SIGNAL_EXIT_CODES } from "../execute/interrupt-signal.ts";
import { prepareRun } from "../execute/prepare-run.ts";
import { printFailure } from "../execute/print-failure.ts";
import type { Plan } from "../plan/plan.ts";
import { ProgressPrinter } from "../progress/progress-printer.ts";
import type { RunObserver } from "../progress/run-observer.ts";
import { exportReports } from "../report/export-reports.ts";
import { cellsToRun } from "../results/cells-to-run.ts";
import { runExitCode } from "../results/run-exit-code.ts";
import { newRunId } from "../results/run-id.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-paths.ts";
import type { RunRecord } from "../results/run-record.ts";
import { RunStore } from "../results/run-store.ts";
import { RunStoreError } from "../results/run-store-error.ts";
import { CloudRunSettings } from "../sizing/cloud-run-settings.ts";

export interface RunPlanOptions {
  docker?: DockerApi;
  /** default: the local driver over `docker` */
  driver?: ExecutionDriver;
  /** default: <repo>/results */
  resultsDir?: string;
  runId?: string;
  observer?: RunObserver;
  signal?: AbortSignal;
  env?: Record<string, string | undefined>;
  /** default true: wait for any other measuring run on this host first (--no-host-lock: false) */
  hostLock?: boolean;
}

/** What labels this process's containers, so a later run can tell its orphans from live runs. */
function ownerContext(runId: string, commit: string | null) {
  return { runId, commit, ownerPid: process.pid, ownerHost: os.hostname() };
}

/** Prepares (engine, orphans, image) and runs every cell of a plan into a new run directory. */
export async function runPlan(plan: Plan, options: RunPlanOptions = {}): Promise<RunRecord> {
  const docker = options.docker ?? createDockerClient();
  const observer = options.observer ?? new ProgressPrinter();
  const log = (line: string) => observer.message(line);
  const driver = options.driver ?? createDriver("local", { docker, host: os.hostname() });
  const prepared = await prepareRun(docker, plan, { driver, env: options.env, log });
  const runId = options.runId ?? newRunId();
  const resultsDir = resolve(options.resultsDir ?? DEFAULT_RESULTS_DIR);
  const store = await RunStore.create(resultsDir, runId, prepared.plan, prepared.environment, prepared.image);
  const context = ownerContext(runId, prepared.environment.commit);
  const { signal, hostLock = true } = options;
  return executeRun({ driver, store, cells: prepared.plan.cells, context, observer, signal, hostLock });
}

/** Continues a stored run: its own plan, only the cells with no record (or whose engine went away). */
export async function resumeRun(runId: string, options: RunPlanOptions = {}): Promise<RunRecord> {
  const docker = options.docker ?? createDockerClient();
  const observer = options.observer ?? new ProgressPrinter();
  const resultsDir = resolve(options.resultsDir ?? DEFAULT_RESULTS_DIR);
  const store = await RunStore.open(resultsDir, runId);
  const log = (line: string) => observer.message(line);
  const driver = options.driver ?? createDriver("local", { docker, host: os.hostname() });
  const prepared = await prepareRun(docker, store.run.plan, {
    driver,
    env: options.env,
    log,
    previousImage: store.run.image,
  });
  await store.resumeWith(prepared.environment, prepared.image, prepared.plan);
  const cells = cellsToRun(prepared.plan.cells, store.done);
  log(`resuming ${runId}: ${store.done.size} cell(s) recorded, ${cells.length} to run`);
  const context = ownerContext(runId, prepared.environment.commit);
  const { signal, hostLock = true } = options;
  return executeRun({ driver, store, cells, context, observer, signal, hostLock });
}

/**
 * `bun runner/matrix.ts [run] [MATRIX_FILE] [flags]`:
 * load -> validate -> plan -> (dry run: print, exit) -> prepare -> run -> collect -> export.
 */
export async function runCommand(argv: string[]): Promise<number> {
  const interrupt = listenForInterrupt();
  try {
    const args = parseRunArgs(argv);
    if (args.help) {
      console.log(RUN_USAGE);
      return 0;
    }
    // The default lands in <repo>/results wherever it is run from, where report/compare/check look.
    const resultsDir = args.outDir === DEFAULT_OUT_DIR ? DEFAULT_RESULTS_DIR : resolve(args.outDir);
    const options = { resultsDir, signal: interrupt.signal, hostLock: args.hostLock };
    let record: RunRecord;
    if (args.resumeRunId) {
      record = await resumeRun(args.resumeRunId, options);
    } else {
      // cloudRun is validated now, so a bad section fails before the run rather than in the report at its end.
      const matrix = loadMatrix(args.matrixPath, { cloudRunSchema: CloudRunSettings });
      const plan = planRun(matrix, args, localHostFacts());
      if (args.dryRun) {
        console.log(renderDryRun(plan));
        return 0;
      }
      record = await runPlan(plan, options);
    }
    const runDir = join(resultsDir, record.runId);
    console.error(`[run] ${record.state}: results in ${runDir}`);
    if (record.state === "interrupted") return SIGNAL_EXIT_CODES[interrupt.received() ?? "SIGINT"] ?? 130;
    if (record.state === "complete" && !(await exportOrExplain(runDir, record.runId))) return 1;
    return runExitCode(record);
  } catch (error) {
    const badInput = error instanceof RunStoreError ? `error: ${error.message}` : badInputMessage(error);
    if (badInput !== null) {
      console.error(badInput);
      return BAD_INPUT_EXIT_CODE;
    }
    return printFailure(error);
  } finally {
    interrupt.dispose();
  }
}

/** The sizing tables and reports; a failure here keeps the run and says how to retry. */
async function exportOrExplain(runDir: string, runId: string): Promise<boolean> {
  try {
    await exportReports(runDir);
    return true;
  } catch (error) {
    console.error(
      `error: the run is recorded in ${runDir} but its reports failed: ${(error as Error).message}`,
    );
    console.error(`retry with: bun runner/matrix.ts report ${runId}`);
    return false;
  }
}
