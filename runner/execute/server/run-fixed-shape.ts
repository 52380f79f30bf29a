import type { FixedSummary } from "../../../contract/generator-step.ts";
import { RunInterruptedError } from "../../host/run-interrupted-error.ts";
import { parseFixedSummary } from "../../load/fixed-summary.ts";
import { type ServerStepContext, stepDeadlineMs, stepRequest } from "./run-server-step.ts";
import { ServerStepError } from "./server-step-error.ts";

export interface FixedShapeRun {
  summary: FixedSummary;
  /** The service's CPU over the run (cgroup, from outside); null when unreadable. */
  serviceCpuSeconds: number | null;
  generatorCpuSeconds: number;
  wallMs: number;
}

/** A fixed-shape workload (search: false): the script runs once for durationSeconds and prints its own figures. */
export async function runFixedShape(context: ServerStepContext): Promise<FixedShapeRun> {
  const { pod, generator, signal, cell } = context;
  const request = stepRequest(context, null, "probe", cell.durationSeconds * 1000);
  const before = await pod.cpuSeconds?.().catch(() => undefined);
  const started = Date.now();
  const outcome = await pod.runMember(generator.stepContainer(request), stepDeadlineMs(request), signal);
  const wallMs = Date.now() - started;
  if (signal.aborted) throw new RunInterruptedError(String(signal.reason ?? "signal"));
  const after = await pod.cpuSeconds?.().catch(() => undefined);
  if (!(await pod.serviceRunning()))
    throw new ServerStepError("service-stopped", `the service stopped during the ${cell.scenario} run`);
  if (outcome.timedOut)
    throw new ServerStepError(
      "generator-timeout",
      `the ${cell.scenario} workload did not finish within ${stepDeadlineMs(request)} ms (durationSeconds ${cell.durationSeconds} s, its drain and timeout, and start-up)`,
    );
  let summary: FixedSummary;
  try {
    summary = parseFixedSummary(outcome.stdout, outcome.stderr);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
    const message = `the ${cell.scenario} script's output is unusable (exit ${outcome.exitCode}): ${detail}`;
    throw new ServerStepError("bad-output", message, outcome.stdout, { cause: error });
  }
  return {
    summary,
    serviceCpuSeconds: before && after ? Math.max(0, after.service - before.service) : null,
    generatorCpuSeconds: outcome.cpuSeconds,
    wallMs,
  };
}
