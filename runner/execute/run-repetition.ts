import { DockerUnavailableError } from "../docker/docker-error.ts";
import { RunAbortedError } from "../drivers/driver-error.ts";
import type { ExecutionDriver } from "../drivers/execution-driver.ts";
import { RunInterruptedError } from "../host/host-lock.ts";
import type { Cell } from "../plan/cell.ts";
import type { Repetition } from "../results/cell-record.ts";
import { classifyRepetition, isContended, stderrTail } from "./classify-repetition.ts";
import { containerSpec, type RunContext } from "./container-spec.ts";
import { withDriftCheck } from "./drift-verdict.ts";
import { emptyRepetition } from "./empty-repetition.ts";
import { CONTENDED_RERUNS } from "./execute-defaults.ts";
import { limitMismatches } from "./limit-mismatches.ts";
import { cpuPlacementOf, placeCores } from "./place-cores.ts";
import { runServerRepetition } from "./server/run-server-repetition.ts";

export interface RepetitionOptions {
  driver: ExecutionDriver;
  cell: Cell;
  image: string;
  index: number;
  context: RunContext;
  signal?: AbortSignal;
}

/**
 * Runs one repetition of a cell through the driver and classifies how it ended. When other host load disturbed it,
 * it runs again (at most CONTENDED_RERUNS times); the last attempt is kept, flagged if it was still contended.
 */
export async function runRepetition(options: RepetitionOptions): Promise<Repetition> {
  let repetition = await runOnce(options);
  for (let rerun = 0; rerun < CONTENDED_RERUNS && repetition.contended; rerun++) {
    repetition = await runOnce(options);
  }
  return repetition;
}

/** One attempt (server mode: run-server-repetition.ts), then the drift check (drift-verdict.ts). */
function runOnce(options: RepetitionOptions): Promise<Repetition> {
  return withDriftCheck(
    () => (options.cell.mode === "service" ? runServerRepetition(options) : runContainer(options)),
    options.context.hostProbes,
  );
}

async function runContainer(options: RepetitionOptions): Promise<Repetition> {
  const { driver, cell, index } = options;
  const startedMs = Date.now();
  try {
    const cores = await placeCores(cell, driver);
    const facts = await driver.runToExit(containerSpec(cell, options.image, options.context, cores), {
      timeoutMs: cell.timeoutSeconds * 1000,
      signal: options.signal,
    });
    const verdict = classifyRepetition({
      ...facts,
      timeoutSeconds: cell.timeoutSeconds,
      memoryLimitBytes: cell.memoryBytes,
      cpus: cell.cpus,
    });
    return {
      index,
      status: verdict.status,
      message: verdict.message,
      exitCode: facts.exitCode,
      wallSeconds: facts.wallSeconds,
      result: verdict.result,
      stderrTail: stderrTail(facts.stderr),
      rawStdout: verdict.rawStdout,
      oomKilled: facts.oomKilled,
      oomEvent: facts.oomEvent,
      applied: facts.applied,
      limitMismatches: limitMismatches(cell, facts.applied, verdict.result),
      stats: facts.stats,
      node: facts.node,
      hostOtherCpuCores: facts.hostOtherCpuCores,
      contended: isContended(facts.hostOtherCpuCores),
      cpu: cpuPlacementOf(cores, facts),
    };
  } catch (error) {
    if (error instanceof RunAbortedError) throw new RunInterruptedError(error.reason);
    if (!(error instanceof DockerUnavailableError)) throw error;
    return engineLost(index, (Date.now() - startedMs) / 1000, error);
  }
}

function engineLost(index: number, wallSeconds: number, error: DockerUnavailableError): Repetition {
  return emptyRepetition(
    index,
    "engine-lost",
    `${error.message}; then resume with --resume <run-id>`,
    wallSeconds,
  );
}
