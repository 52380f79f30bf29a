import os from "node:os";
import { resolve } from "node:path";
import type { DockerApi } from "../docker/docker-api.ts";
import { createDockerClient } from "../docker/docker-client.ts";
import { createDriver } from "../drivers/create-driver.ts";
import type { ExecutionDriver } from "../drivers/execution-driver.ts";
import type { Plan } from "../plan/plan.ts";
import { ProgressPrinter, type RunObserver } from "../progress/progress-printer.ts";
import { DEFAULT_REPETITION_ORDER, type RepetitionOrder, type RunRecord } from "../results/run-record.ts";
import { DEFAULT_RESULTS_DIR, newRunId, RunStore } from "../results/run-store.ts";
import { executeRun } from "./execute-run.ts";
import { prepareRun } from "./prepare-run.ts";
import { hostProbeFor } from "./run-host-probe.ts";

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
  /** default interleaved (--order); a resumed run keeps the order it started with */
  order?: RepetitionOrder;
  /** default true: the host probe at start, between repetitions and at end (tests of other things skip its ~10 s) */
  hostProbe?: boolean;
}

/** Test-only: CLI runs in tests of other things skip the host probe with BUN_CAPACITY_NO_HOST_PROBE=1. */
export const NO_HOST_PROBE_ENV = "BUN_CAPACITY_NO_HOST_PROBE";

/** Whether a run probes the host: the option if given, else on unless the test-only variable is "1". */
export function wantsHostProbe(options: Pick<RunPlanOptions, "hostProbe" | "env">): boolean {
  return options.hostProbe ?? (options.env ?? process.env)[NO_HOST_PROBE_ENV] !== "1";
}

/** Prepares (engine, orphans, image) and runs every cell of a plan into a new run directory. */
export async function runPlan(plan: Plan, options: RunPlanOptions = {}): Promise<RunRecord> {
  const docker = options.docker ?? createDockerClient();
  const observer = options.observer ?? new ProgressPrinter();
  const log = (line: string) => observer.message(line);
  const driver = options.driver ?? planDriver(plan, docker, observer, options.env);
  const prepared = await prepareRun(docker, plan, { driver, env: options.env, log });
  const runId = options.runId ?? newRunId();
  const resultsDir = resolve(options.resultsDir ?? DEFAULT_RESULTS_DIR);
  const { signal, hostLock = true, order = DEFAULT_REPETITION_ORDER } = options;
  const { environment, image } = prepared;
  const store = await RunStore.create(resultsDir, runId, prepared.plan, environment, image, order);
  const context = ownerContext(runId, environment.commit);
  return executeRun({
    driver,
    store,
    cells: prepared.plan.cells,
    context,
    observer,
    signal,
    hostLock,
    order,
    probe: wantsHostProbe(options) ? hostProbeFor(docker, { log, env: options.env }) : undefined,
  });
}

/** What labels this process's containers, so a later run can tell its orphans from live runs. */
export function ownerContext(runId: string, commit: string | null) {
  return { runId, commit, ownerPid: process.pid, ownerHost: os.hostname() };
}

/** The plan's driver (local for runs stored before drivers), telling the observer which nodes are busy. */
export function planDriver(
  plan: Plan,
  docker: DockerApi,
  observer: RunObserver,
  env?: Record<string, string | undefined>,
) {
  return createDriver(plan.execution?.driver ?? "local", {
    docker,
    host: os.hostname(),
    shareHosts: plan.execution?.shareHosts ?? false,
    env: env ?? process.env,
    log: (line) => observer.message(line),
    onBusy: (busy) => observer.nodesBusy?.(busy),
  });
}
