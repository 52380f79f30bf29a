import type { LoadStep } from "../../../contract/result.ts";
import type { PodCpuSeconds, PodHandle } from "../../drivers/execution-driver.ts";
import { RunInterruptedError } from "../../host/host-lock.ts";
import { hostOtherCpuCores } from "../../host/host-probe.ts";
import { generatorStepConfig } from "../../load/bun-generator/generator-step-config.ts";
import { generatorWorkers } from "../../load/generator-trust.ts";
import type { LoadGenerator, StepRequest } from "../../load/load-generator.ts";
import type { Cell } from "../../plan/cell.ts";
import type { ServiceCell } from "../../plan/service-cell.ts";
import type { GeneratorSession } from "./generator-session.ts";
import { ServerStepError } from "./server-step-error.ts";

/** Past its own bound (duration, drain, timeout), a generator step may take this long (start-up, open, close) before it is killed. */
export const STEP_GRACE_MS = 15_000;

/** How long the generator's container may run for a step: the generator's own bound plus the grace. */
export function stepDeadlineMs(request: StepRequest): number {
  const config = generatorStepConfig(request);
  return config.durationMs + config.drainMs + config.timeoutMs + STEP_GRACE_MS;
}

export interface ServerStepContext {
  pod: PodHandle;
  /** The host's cores (the generator may use those the service's limit leaves). */
  hostCores: number;
  generator: LoadGenerator;
  cell: Cell & { service: ServiceCell; concurrency: number };
  signal: AbortSignal;
  /** The repetition's generator session; absent or null: one generator container per step. */
  session?: GeneratorSession | null;
}

/** The generator's request for one step of the search: open at `ratePerSec`, or closed (ratePerSec null). */
export function stepRequest(
  context: ServerStepContext,
  ratePerSec: number | null,
  phase: LoadStep["phase"],
  durationMs = context.cell.service.stepSeconds * 1000,
): StepRequest {
  const { cell } = context;
  return {
    kind: ratePerSec === null ? "closed" : "open",
    ratePerSec,
    concurrency: cell.concurrency,
    durationMs,
    sloP99Ms: cell.sloP99Ms,
    port: cell.service.port,
    requests: cell.service.requests,
    workload:
      cell.service.script === null
        ? null
        : { imagePath: cell.service.workload?.imagePath ?? null, source: cell.service.script },
    flags: cell.flags,
    workers: generatorWorkers(cell.cpus, context.hostCores),
    phase,
  };
}

/**
 * Runs one step in the repetition's generator session (or, without one, in a generator container of its own); the
 * step carries the service's CPU (from outside) and the generator's.
 */
export async function runServerStep(context: ServerStepContext, request: StepRequest): Promise<LoadStep> {
  const { pod, generator, signal, session } = context;
  const before = await pod.cpuSeconds?.();
  const startedMs = performance.now();
  const outcome = session
    ? await session.runStep(request, stepDeadlineMs(request), signal)
    : await pod.runMember(generator.stepContainer(request), stepDeadlineMs(request), signal);
  if (signal.aborted) throw new RunInterruptedError(String(signal.reason ?? "signal"));
  const after = await pod.cpuSeconds?.();
  const wallSeconds = (performance.now() - startedMs) / 1000;
  if (!(await pod.serviceRunning()))
    throw new ServerStepError("service-stopped", `the service stopped during a ${describe(request)} step`);
  if (outcome.timedOut)
    throw new ServerStepError(
      "generator-timeout",
      `the generator did not finish a ${request.durationMs} ms step within ${stepDeadlineMs(request)} ms`,
    );
  let parsed: ReturnType<LoadGenerator["parseStep"]>;
  try {
    parsed = generator.parseStep(request, outcome);
  } catch (error) {
    await session?.close({ kill: true });
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
    const message = `the generator's output for a ${describe(request)} step is unusable (exit ${outcome.exitCode}): ${detail}`;
    throw new ServerStepError("bad-output", message, outcome.stdout, { cause: error });
  }
  const serviceCpu = before && after ? Math.max(0, after.service - before.service) : null;
  const hostBusy =
    before?.hostBusy != null && after?.hostBusy != null ? after.hostBusy - before.hostBusy : null;
  const sidecarCpu = before && after ? sidecarSeconds(after) - sidecarSeconds(before) : 0;
  return {
    ...parsed.step,
    dropped: parsed.droppedRequests,
    processCpuSeconds: serviceCpu,
    hostOtherCpuCores: hostOtherCpuCores(
      hostBusy,
      (serviceCpu ?? 0) + sidecarCpu + parsed.generatorCpuSeconds,
      wallSeconds,
    ),
    // Requests the generator could not start on time count against the step, like errors.
    sloMet: parsed.step.sloMet && parsed.droppedRequests === 0,
  };
}

const sidecarSeconds = (cpu: PodCpuSeconds) => Object.values(cpu.sidecars).reduce((sum, s) => sum + s, 0);

function describe(request: StepRequest): string {
  return request.kind === "closed"
    ? `closed-loop (${request.concurrency} in flight)`
    : `${request.ratePerSec?.toFixed(0)}/s`;
}
