import { availableParallelism } from "node:os";
import type { FixedSummary } from "../../../contract/generator-step.ts";
import type { Ceiling, LoadStep } from "../../../contract/result.ts";
import { ceilingSearch } from "../../../search/ceiling-search.ts";
import { DockerUnavailableError } from "../../docker/docker-error.ts";
import { PodStartError, RunAbortedError } from "../../drivers/driver-error.ts";
import type { ExecutionDriver, PodHandle } from "../../drivers/execution-driver.ts";
import { RunInterruptedError } from "../../host/host-lock.ts";
import { loadGeneratorFor } from "../../load/ensure-load-generator.ts";
import { generatorDoubt } from "../../load/generator-trust.ts";
import type { LoadGenerator } from "../../load/load-generator.ts";
import type { Cell } from "../../plan/cell.ts";
import type { ServiceCell } from "../../plan/service-cell.ts";
import type { Repetition } from "../../results/cell-record.ts";
import type { ConcurrencySearchRecord } from "../../results/concurrency-search.ts";
import { isContended, stderrTail } from "../classify-repetition.ts";
import type { RunContext } from "../container-spec.ts";
import { emptyRepetition } from "../empty-repetition.ts";
import { limitMismatches } from "../limit-mismatches.ts";
import { cpuPlacementOf, placeCores } from "../place-cores.ts";
import { type FixedShapeRun, fixedShapeResult, runFixedShape } from "./fixed-shape.ts";
import { GeneratorSession } from "./generator-session.ts";
import { runConcurrencySearch } from "./run-concurrency-search.ts";
import { runServerStep, type ServerStepContext, stepRequest } from "./run-server-step.ts";
import { runSoak, type SoakRequest } from "./run-soak.ts";
import { serverPodSpec } from "./server-pod-spec.ts";
import { serverResult } from "./server-result.ts";
import { ServerStepError } from "./server-step-error.ts";
import { type SearchFailure, serverVerdict } from "./server-verdict.ts";

export interface ServerRepetitionOptions {
  driver: ExecutionDriver;
  /** Default: the adapter for the generator the plan names (cell.service.generator). */
  generator?: LoadGenerator;
  cell: Cell;
  index: number;
  context: RunContext;
  signal?: AbortSignal;
  /** A memory-search soak instead of the ceiling search: one fixed rate held (run-soak.ts). */
  soak?: SoakRequest;
}

type ServiceModeCell = Cell & { service: ServiceCell; concurrency: number };

/**
 * One server-mode repetition: start the pod (sidecars, the limited service, readiness) -> warm up -> the shared
 * ceiling search, its steps in one generator session (or a generator container per step) -> the service's facts ->
 * a classified Repetition.
 */
export async function runServerRepetition(options: ServerRepetitionOptions): Promise<Repetition> {
  const cell = serviceModeCell(options.cell);
  const generator = options.generator ?? loadGeneratorFor(cell.service.generator);
  const startedMs = Date.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort("timeout"), cell.timeoutSeconds * 1000);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const interrupted = () => options.signal?.aborted === true;
  let pod: PodHandle | null = null;
  let session: GeneratorSession | null = null;
  try {
    const cores = await placeCores(cell, options.driver);
    const spec = serverPodSpec(cell, generator, options.context, cores);
    try {
      pod = await options.driver.startPod(spec, { timeoutMs: cell.timeoutSeconds * 1000, signal });
    } catch (error) {
      if (interrupted()) throw new RunInterruptedError(String(options.signal?.reason ?? "signal"));
      const refused = nofileRefused(cell, error);
      if (refused) return failedServerRepetition(options.index, startedMs, "exceeds-host", refused);
      if (!(error instanceof PodStartError || error instanceof RunAbortedError)) throw error;
      return serverNotReady(options.index, cell, startedMs, error, deadline.signal.aborted);
    }
    const startupMs = pod.startupMs;
    // Docker stats samples count from the service's start: a fixed-shape run reads its hold window in them.
    const readyAtMs = Date.now();
    const serviceStartedAtMs = readyAtMs - startupMs;
    // Fixed-shape runs are one generator run per repetition: no session.
    session = cell.service.fixed ? null : GeneratorSession.open(pod, generator);
    const stepContext: ServerStepContext = {
      pod,
      generator,
      cell,
      signal,
      hostCores: availableParallelism(),
      session,
    };
    let failure: SearchFailure | null = null;
    let search: { steps: LoadStep[]; ceiling: Ceiling | null; notes: string[] } | null = null;
    let fixed: FixedShapeRun | null = null;
    let warmupMs = 0;
    let concurrencySearch: ConcurrencySearchRecord | null = null;
    try {
      if (cell.service.fixed) fixed = await runFixedShape(stepContext);
      else if (options.soak) {
        warmupMs = await warmUp(stepContext);
        const steps = await runSoak(stepContext, options.soak);
        search = { steps, ceiling: null, notes: [`memory soak at ${options.soak.ratePerSec.toFixed(0)}/s`] };
      } else {
        warmupMs = await warmUp(stepContext);
        const found = await ceilingSearch({
          probe: () => runServerStep(stepContext, stepRequest(stepContext, null, "probe")),
          runStep: (rate, phase) => runServerStep(stepContext, stepRequest(stepContext, rate, phase)),
        });
        search = found;
        // Once a cell, in its first repetition: the cap may have set the ceiling.
        if (options.index === 0 && cell.service.concurrencySearch === true)
          concurrencySearch = await runConcurrencySearch(stepContext, found);
      }
    } catch (error) {
      if (interrupted()) throw new RunInterruptedError(String(options.signal?.reason ?? "signal"));
      if (error instanceof ServerStepError)
        failure = { kind: error.kind, message: error.message, rawStdout: error.rawStdout };
      else if (deadline.signal.aborted) failure = { kind: "timeout", message: "", rawStdout: null };
      else throw error;
    }
    await session?.close();
    const cpu = await pod.cpuSeconds?.().catch(() => undefined);
    const facts = await pod.finish();
    pod = null;
    const sidecarCpuSeconds = cpu ? cpu.sidecars : null;
    const common = { cell, facts, sidecarCpuSeconds, commit: options.context.commit };
    const result = failure
      ? null
      : fixed
        ? fixedShapeResult({ ...common, run: fixed, serviceStartedAtMs, readyAtMs })
        : search
          ? serverResult({
              cell,
              steps: search.steps,
              ceiling: search.ceiling,
              searchNotes: search.notes,
              warmupMs,
              facts,
              sidecarCpuSeconds,
              commit: options.context.commit,
            })
          : null;
    const fdLimit = cell.service.fixed
      ? fdLimitMessage(cell, fixed?.summary ?? null, failure?.kind === "generator-timeout")
      : null;
    const judged = serverVerdict({ cell, facts, failure, result });
    // Failed connections under a descriptor limit below what was asked: a named finding, not a crash.
    const classified =
      fdLimit && ["ok", "crash", "timeout"].includes(judged.status)
        ? { ...judged, status: "fd-limit" as const, message: fdLimit }
        : judged;
    const doubt =
      classified.status === "ok" && result && !fixed && !options.soak
        ? generatorDoubt(cell, result, facts)
        : null;
    const verdict = doubt ? { ...classified, status: "exceeds-host" as const, message: doubt } : classified;
    return {
      index: options.index,
      ...verdict,
      exitCode: facts.exitCode,
      wallSeconds: (Date.now() - startedMs) / 1000,
      stderrTail: stderrTail(facts.stderr),
      oomKilled: facts.oomKilled,
      oomEvent: facts.oomEvent,
      applied: facts.applied,
      limitMismatches: limitMismatches(cell, facts.applied, verdict.result),
      stats: facts.stats,
      startupMs,
      sidecarCpuSeconds,
      node: facts.node,
      hostOtherCpuCores: facts.hostOtherCpuCores,
      contended: isContended(facts.hostOtherCpuCores),
      cpu: cpuPlacementOf(cores, facts),
      ...(concurrencySearch && verdict.status === "ok" ? { concurrencySearch } : {}),
    };
  } catch (error) {
    if (!(error instanceof DockerUnavailableError)) throw error;
    return failedServerRepetition(
      options.index,
      startedMs,
      "engine-lost",
      `${error.message}; then resume with --resume <run-id>`,
    );
  } finally {
    clearTimeout(timer);
    // pod.finish() removes every container of the pod (the generator's session too), also after an interrupt or an error.
    await session?.close().catch(() => undefined);
    if (pod) await pod.finish().catch(() => undefined);
  }
}

/** The engine could not raise the container's descriptor limit to axes.nofile: the host cannot run this cell. */
function nofileRefused(cell: ServiceModeCell, error: unknown): string | null {
  const text = error instanceof Error ? error.message : String(error);
  if (typeof cell.nofile !== "number" || !/rlimit/i.test(text)) return null;
  return `Docker cannot set ulimit nofile ${cell.nofile} on this host (the engine's own descriptor limit is lower): lower axes.nofile or raise dockerd's LimitNOFILE; ${text.split("\n")[0]}`;
}

function serviceModeCell(cell: Cell): ServiceModeCell {
  if (cell.mode !== "service" || !cell.service || typeof cell.concurrency !== "number")
    throw new Error(`cell ${cell.id} is not a server-mode cell`);
  return cell as ServiceModeCell;
}

async function warmUp(context: ServerStepContext): Promise<number> {
  const ms = context.cell.warmupSeconds * 1000;
  if (ms <= 0) return 0;
  const started = Date.now();
  await runServerStep(context, stepRequest(context, null, "probe", ms));
  return Date.now() - started;
}

/** A server-mode repetition that produced no result: its status, why, and how long it took. */
export function failedServerRepetition(
  index: number,
  startedMs: number,
  status: Repetition["status"],
  message: string,
): Repetition {
  const wallSeconds = (Date.now() - startedMs) / 1000;
  return {
    ...emptyRepetition(index, status, message, wallSeconds),
    startupMs: null,
    sidecarCpuSeconds: null,
  };
}

/** A pod that never became ready: an OOM or exit while starting, a slow start, or a sidecar that failed. */
export function serverNotReady(
  index: number,
  cell: { timeoutSeconds: number; service: { readyPath: string } },
  startedMs: number,
  error: unknown,
  timedOut: boolean,
) {
  const reason = error instanceof Error ? error.message : String(error);
  const facts = error instanceof PodStartError ? error.facts : null;
  const failed = (status: Repetition["status"], message: string): Repetition => ({
    ...failedServerRepetition(index, startedMs, status, message),
    ...(facts && {
      exitCode: facts.exitCode,
      stderrTail: stderrTail(facts.stderr),
      oomKilled: facts.oomKilled,
      oomEvent: facts.oomEvent,
      applied: facts.applied,
      stats: facts.stats,
    }),
  });
  if (facts?.oomKilled || (facts?.oomEvent && facts.exitCode !== 0))
    return failed("oom", `killed by the kernel OOM killer while starting, at the memory limit: ${reason}`);
  if (timedOut)
    return failed("timeout", `did not start within the ${cell.timeoutSeconds} s timeout: ${reason}`);
  if (error instanceof PodStartError && error.failure === "service-not-ready")
    return failed("timeout", `never answered 2xx on ${cell.service.readyPath}: ${reason}`);
  return failed("crash", `did not start: ${reason}`);
}

/** Descriptors a Bun process holds besides its sockets (stdio, the listener, epoll, its runtime's files). */
export const FD_RESERVE = 64;
const NEXT_STEP =
  "raise nofile (Cloud Run allows 25,000 descriptors per instance) or spread the connections over more instances";

/**
 * Why a fixed-shape run's connections failed when the cell's descriptor limit (axes.nofile) cannot hold what was
 * asked (the summary's connectionsRequested, or the `connections` flag when the script never finished); else null.
 */
export function fdLimitMessage(
  cell: Cell,
  summary: FixedSummary | null,
  generatorTimedOut: boolean,
): string | null {
  const flag = Number(cell.flags.connections);
  const requested = summary?.connectionsRequested ?? (Number.isInteger(flag) ? flag : null);
  if (typeof cell.nofile !== "number" || requested === null) return null;
  if (requested + FD_RESERVE < cell.nofile) return null;
  const limit = `the service's descriptor limit (ulimit nofile ${cell.nofile}, axes.nofile) is below the ${requested} connections asked for plus ~${FD_RESERVE} the process holds`;
  if (summary !== null && summary.failures > 0)
    return `${summary.failures} of ${requested} connections failed: ${limit}; ${NEXT_STEP}`;
  if (summary === null && generatorTimedOut)
    return `the connection storm never finished: ${limit}, so the service stopped accepting and the remaining handshakes waited in the kernel's backlog; ${NEXT_STEP}`;
  return null;
}
