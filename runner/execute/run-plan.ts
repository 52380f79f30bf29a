import { resolve } from "node:path";
import type { DockerApi } from "../docker/docker-api.ts";
import { createDockerClient } from "../docker/docker-client.ts";
import type { ExecutionDriver } from "../drivers/execution-driver.ts";
import type { Plan } from "../plan/plan.ts";
import type { RunObserver } from "../progress/progress-printer.ts";
import { ProgressPrinter } from "../progress/progress-printer.ts";
import { DEFAULT_REPETITION_ORDER, type RepetitionOrder } from "../results/repetition-order.ts";
import { newRunId } from "../results/run-id.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-paths.ts";
import type { RunRecord } from "../results/run-record.ts";
import { RunStore } from "../results/run-store.ts";
import { executeRun } from "./execute-run.ts";
import { ownerContext } from "./owner-context.ts";
import { planDriver } from "./plan-driver.ts";
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
    probe: options.hostProbe === false ? undefined : hostProbeFor(docker, { log, env: options.env }),
  });
}
