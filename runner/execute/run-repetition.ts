import type { DockerApi } from "../docker/docker-api.ts";
import { DockerUnavailableError } from "../docker/docker-unavailable-error.ts";
import type { Cell } from "../plan/cell.ts";
import type { Repetition } from "../results/cell-record.ts";
import { classifyRepetition } from "./classify-repetition.ts";
import { containerSpec, type RunContext } from "./container-spec.ts";
import { limitMismatches } from "./limit-mismatches.ts";
import { RunInterruptedError } from "./run-interrupted-error.ts";
import { StatsRecorder } from "./stats-recorder.ts";
import { stderrTail } from "./stderr-tail.ts";
import { waitWithTimeout } from "./wait-with-timeout.ts";

/** After a kill, how long to wait for Docker to report the exit before moving on. */
const KILL_GRACE_MS = 10_000;

export interface RepetitionOptions {
  docker: DockerApi;
  cell: Cell;
  image: string;
  index: number;
  context: RunContext;
  signal?: AbortSignal;
}

/** Runs one container for one repetition of a cell and classifies how it ended; the container is always removed. */
export async function runRepetition(options: RepetitionOptions): Promise<Repetition> {
  const { docker, cell, index } = options;
  const startedMs = Date.now();
  let containerId: string | null = null;
  try {
    containerId = await docker.createContainer(containerSpec(cell, options.image, options.context));
    const id = containerId;
    let oomEvent = false;
    const stopOomWatch = await docker.watchOomEvents(id, () => {
      oomEvent = true;
    });
    await docker.startContainer(id);
    const recorder = new StatsRecorder(Date.now());
    const stopStats = docker.streamStats(id, (sample) => recorder.add(sample));
    const outcome = await waitWithTimeout(
      docker.waitContainer(id),
      cell.timeoutSeconds * 1000,
      options.signal,
    );
    const wallSeconds = (Date.now() - startedMs) / 1000;
    stopStats();
    if (outcome.kind !== "exited") {
      await docker.killContainer(id);
      await waitWithTimeout(docker.waitContainer(id), KILL_GRACE_MS);
    }
    stopOomWatch();
    if (outcome.kind === "aborted") throw new RunInterruptedError(String(options.signal?.reason ?? "signal"));
    const logs = await docker.containerLogs(id);
    const state = await docker.inspectContainer(id);
    const stats = recorder.result();
    const verdict = classifyRepetition({
      exitCode: outcome.kind === "exited" ? outcome.exitCode : state.exitCode,
      timedOut: outcome.kind === "timeout",
      timeoutSeconds: cell.timeoutSeconds,
      oomKilled: state.oomKilled,
      oomEvent,
      stdout: logs.stdout,
      stderr: logs.stderr,
      stats,
      memoryLimitBytes: cell.memoryBytes,
      cpus: cell.cpus,
    });
    return {
      index,
      status: verdict.status,
      message: verdict.message,
      exitCode: outcome.kind === "exited" ? outcome.exitCode : state.exitCode,
      wallSeconds,
      result: verdict.result,
      stderrTail: stderrTail(logs.stderr),
      rawStdout: verdict.rawStdout,
      oomKilled: state.oomKilled,
      oomEvent,
      applied: state.applied,
      limitMismatches: limitMismatches(cell, state.applied, verdict.result),
      stats,
    };
  } catch (error) {
    if (!(error instanceof DockerUnavailableError)) throw error;
    return engineLost(index, (Date.now() - startedMs) / 1000, error);
  } finally {
    if (containerId) await docker.removeContainer(containerId).catch(() => undefined);
  }
}

function engineLost(index: number, wallSeconds: number, error: DockerUnavailableError): Repetition {
  return {
    index,
    status: "engine-lost",
    message: `${error.message}; then resume with --resume <run-id>`,
    exitCode: null,
    wallSeconds,
    result: null,
    stderrTail: "",
    rawStdout: null,
    oomKilled: false,
    oomEvent: false,
    applied: null,
    limitMismatches: [],
    stats: null,
  };
}
