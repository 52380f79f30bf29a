import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import {
  type ServiceSpec,
  type SwarmApi,
  type SwarmTask,
  TERMINAL_TASK_STATES,
} from "../../docker/swarm-api.ts";
import { PodStartError, RunAbortedError } from "../driver-error.ts";
import type { NodeFacts, RunFacts, RunOptions } from "../execution-driver.ts";
import { StatsRecorder } from "../stats-recorder.ts";
import { DRIVER_LABEL, TASK_POLL_MS, TASK_START_TIMEOUT_MS } from "./swarm-driver.ts";

export interface ServiceRunDeps {
  manager: SwarmApi;
  /** The node's own engine, for stats, the OOM flag and applied limits; null: only what the manager knows. */
  nodeEngine: DockerApi | null;
}

/**
 * Runs one job service to its end: waits for its task (the timeout counts from the task running), reads the
 * logs through the manager, inspects the task's container on its node, and always removes the service.
 */
export async function runServiceToExit(
  deps: ServiceRunDeps,
  spec: ServiceSpec,
  node: NodeFacts,
  options: RunOptions,
): Promise<RunFacts> {
  const serviceId = await deps.manager.createService(spec);
  const watch = new TaskWatch(deps.nodeEngine);
  try {
    const end = await waitForTask(deps.manager, serviceId, watch, options);
    if (end.kind === "aborted") throw new RunAbortedError(String(options.signal?.reason ?? "signal"));
    const logs = await deps.manager.serviceLogs(serviceId);
    const task = end.task;
    const state =
      task?.containerId && deps.nodeEngine ? await inspectOrNull(deps.nodeEngine, task.containerId) : null;
    // Swarm's own reason (start failures, rejections) goes last on stderr, where the crash message reads it.
    const swarmSays =
      end.kind === "not-started" ? `the task did not run: ${describe(task)}\n` : taskError(task);

    return {
      exitCode: end.kind === "exited" ? (task?.exitCode ?? state?.exitCode ?? null) : null,
      timedOut: end.kind === "timeout",
      oomKilled: state?.oomKilled ?? false,
      oomEvent: watch.oomEvent,
      stdout: logs.stdout,
      stderr: `${logs.stderr}${swarmSays}`,
      stats: watch.stop(),
      applied: state?.applied ?? null,
      node,
      hostOtherCpuCores: null,
      startupMs: null,
      wallSeconds:
        end.kind === "not-started" || end.runningSinceMs === null
          ? 0
          : (end.endedMs - end.runningSinceMs) / 1000,
    };
  } finally {
    watch.stop();
    await deps.manager.removeService(serviceId).catch(() => undefined);
    // Swarm 20.10 leaves a removed job's container behind (even running): remove it on its node.
    const containerId = watch.containerId;
    if (containerId && deps.nodeEngine)
      await deps.nodeEngine.removeContainer(containerId).catch(() => undefined);
  }
}

type TaskEnd =
  | {
      kind: "exited" | "not-started" | "timeout";
      task: SwarmTask | null;
      runningSinceMs: number | null;
      endedMs: number;
    }
  | { kind: "aborted" };

async function waitForTask(
  manager: SwarmApi,
  serviceId: string,
  watch: TaskWatch,
  options: RunOptions,
): Promise<TaskEnd> {
  const createdMs = Date.now();
  const startBy = createdMs + TASK_START_TIMEOUT_MS;
  let deadline: number | null = null;
  let runningSinceMs: number | null = null;
  const end = (kind: "exited" | "not-started" | "timeout", task: SwarmTask | null): TaskEnd => ({
    kind,
    task,
    runningSinceMs: runningSinceMs ?? createdMs, // a quick task may finish between two polls
    endedMs: Date.now(),
  });
  for (;;) {
    if (options.signal?.aborted) return { kind: "aborted" };
    const task = (await manager.listTasks(serviceId))[0] ?? null;
    if (task?.containerId) await watch.start(task.containerId);
    if (task && TERMINAL_TASK_STATES.has(task.state)) {
      return end(task.exitCode === null && !task.containerId ? "not-started" : "exited", task);
    }
    if (deadline === null && task?.state === "running") {
      runningSinceMs = Date.now();
      deadline = runningSinceMs + options.timeoutMs;
    }
    if (deadline !== null && Date.now() > deadline) return end("timeout", task);
    if (deadline === null && Date.now() > startBy) return end("not-started", task);
    await Bun.sleep(TASK_POLL_MS);
  }
}

/** Stats and OOM events of the task's container, from its node's engine when that is reachable. */
class TaskWatch {
  oomEvent = false;
  containerId: string | null = null;
  private recorder: StatsRecorder | null = null;
  private stops: Array<() => void> = [];
  private stats: ReturnType<StatsRecorder["result"]> = null;

  constructor(private readonly engine: DockerApi | null) {}

  async start(containerId: string): Promise<void> {
    this.containerId = containerId;
    if (!this.engine || this.recorder) return;
    const recorder = new StatsRecorder(Date.now());
    this.recorder = recorder;
    this.stops.push(this.engine.streamStats(containerId, (sample) => recorder.add(sample)));
    const stopOom = await this.engine
      .watchOomEvents(containerId, () => {
        this.oomEvent = true;
      })
      .catch(() => () => undefined);
    this.stops.push(stopOom);
  }

  stop(): ReturnType<StatsRecorder["result"]> {
    for (const stop of this.stops.splice(0)) stop();
    if (this.recorder) this.stats = this.recorder.result();
    return this.stats;
  }
}

async function inspectOrNull(engine: DockerApi, containerId: string) {
  return engine.inspectContainer(containerId).catch(() => null);
}

function describe(task: SwarmTask | null): string {
  if (!task) return "swarm created no task";
  return `task ${task.state}${task.error ? ` (${task.error})` : ""}`;
}

function taskError(task: SwarmTask | null): string {
  return task?.error && task.state !== "complete" && !/non-zero exit/.test(task.error)
    ? `swarm: ${task.error}\n`
    : "";
}

/**
 * One repetition as a Swarm service: the container's limits become both limits and reservations (so Swarm never
 * packs two of them onto a node's cores), pinned to one node. Swarm (API 1.41) cannot set NetworkMode none,
 * MemorySwap or no-new-privileges: such tasks sit on the default bridge, and swap follows the engine default.
 */
export function serviceSpec(spec: ContainerSpec, nodeId: string, name: string): ServiceSpec {
  const labels = { ...spec.labels, [DRIVER_LABEL]: "swarm" };
  return {
    name,
    labels,
    image: spec.image,
    args: spec.cmd,
    command: spec.entrypoint ?? null,
    env: spec.env,
    containerLabels: labels,
    user: spec.user,
    readonlyRootfs: spec.readonlyRootfs,
    capDrop: spec.capDrop,
    tmpfs: Object.entries(spec.tmpfs).map(([target, options]) => ({ target, sizeBytes: tmpfsSize(options) })),
    pidsLimit: spec.pidsLimit,
    nanoCpus: spec.nanoCpus,
    memoryBytes: spec.memoryBytes,
    nodeId,
  };
}

function tmpfsSize(options: string): number {
  const size = /(?:^|,)size=(\d+)(?:,|$)/.exec(options)?.[1];
  return size === undefined ? 0 : Number(size);
}

/** Waits until the service's task runs and returns its container id; a task that ends or never starts is an error. */
export async function waitForRunningTask(
  swarm: SwarmApi,
  serviceId: string,
  signal?: AbortSignal,
): Promise<string> {
  const startBy = Date.now() + TASK_START_TIMEOUT_MS;
  for (;;) {
    if (signal?.aborted) throw new RunAbortedError(String(signal.reason ?? "signal"));
    const task = (await swarm.listTasks(serviceId))[0] ?? null;
    if (task?.state === "running" && task.containerId) return task.containerId;
    if ((task && TERMINAL_TASK_STATES.has(task.state)) || Date.now() > startBy)
      throw new PodStartError(
        "not-scheduled",
        `Swarm did not run the pod's anchor task (${task ? `${task.state}${task.error ? `: ${task.error}` : ""}` : "no task"}); check \`docker node ls\` and the node's free CPUs and memory`,
        null,
      );
    await Bun.sleep(TASK_POLL_MS);
  }
}
