import type { GeneratorStepConfig, GeneratorStepSummary } from "../../contract/generator-step.ts";
import type { WorkloadSource } from "../load/load-workload.ts";
import { GeneratorInputError } from "../load/read-step-config.ts";
import { mergeFigures } from "./merge-figures.ts";
import { CLOSE_BOUND_MS, openShare } from "./open-share.ts";
import { END_SLACK_MS, stopSendingMs, within } from "./pace-plan.ts";
import { summarizeStep } from "./summarize-step.ts";
import { WorkerFigures } from "./worker-figures.ts";
import { type FromWorker, sharedClockMs, type ToWorker, workerCount } from "./worker-messages.ts";

/** Operation 0 is intended this long after the go, so every worker has the message first. */
const START_LEAD_MS = 50;

/** Runs a paced step: in this thread for one worker, else in N Bun Workers on one schedule; one summary line. */
export async function runPacedStep(
  config: GeneratorStepConfig,
  source: WorkloadSource,
): Promise<GeneratorStepSummary> {
  const workers = workerCount(config.workers, config.concurrency);
  const openBoundMs = config.timeoutMs + 2 * END_SLACK_MS + 5000;
  const runBoundMs =
    START_LEAD_MS +
    stopSendingMs({ ...config, startMs: 0 }) +
    config.timeoutMs +
    2 * END_SLACK_MS +
    CLOSE_BOUND_MS;
  if (workers === 1) {
    const share = await within(openShare(config, source, 0, 1), openBoundMs, "opening the workload");
    const cpu = process.cpuUsage();
    const figures = await within(share.run(performance.now() + START_LEAD_MS), runBoundMs, "the step");
    return summarizeStep(config, mergeFigures([figures]), cpuSecondsSince(cpu), 1);
  }
  const threads = Array.from({ length: workers }, () => new StepThread());
  try {
    await within(
      Promise.all(
        threads.map((thread, worker) => thread.init({ type: "init", config, source, worker, workers })),
      ),
      openBoundMs,
      "opening the workload in every worker",
    );
    const cpu = process.cpuUsage();
    const startSharedMs = sharedClockMs() + START_LEAD_MS;
    const all = await within(
      Promise.all(threads.map((thread) => thread.go(startSharedMs))),
      runBoundMs,
      "the step",
    );
    return summarizeStep(config, mergeFigures(all), cpuSecondsSince(cpu), workers);
  } finally {
    for (const thread of threads) thread.worker.terminate();
  }
}

/** process.cpuUsage() covers every thread of the process: the workers' CPU is in it. */
function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** One Bun Worker and the reply it owes: ready after init, figures after go. */
class StepThread {
  readonly worker = new Worker(new URL("./step-worker.ts", import.meta.url).href);
  private waiting: { resolve(message: FromWorker): void; reject(error: Error): void } | null = null;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === "failed") {
        const error = message.input ? new GeneratorInputError(message.message) : new Error(message.message);
        this.waiting?.reject(error);
      } else this.waiting?.resolve(message);
    };
    this.worker.onerror = (event) =>
      this.waiting?.reject(new Error(`a step worker crashed: ${event.message}`));
  }

  async init(message: ToWorker): Promise<void> {
    await this.ask(message);
  }

  async go(startSharedMs: number): Promise<WorkerFigures> {
    const reply = await this.ask({ type: "go", startSharedMs });
    if (reply.type !== "figures") throw new Error(`a step worker answered ${reply.type} to go`);
    return WorkerFigures.parse(reply.figures);
  }

  private ask(message: ToWorker): Promise<FromWorker> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.worker.postMessage(message);
    });
  }
}
