import { type SwarmApi, TERMINAL_TASK_STATES } from "../../docker/swarm-api.ts";
import { PodStartError } from "../pod-start-error.ts";
import { RunAbortedError } from "../run-aborted-error.ts";
import { TASK_POLL_MS, TASK_START_TIMEOUT_MS } from "./swarm-defaults.ts";

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
