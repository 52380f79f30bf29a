import { type GeneratorStepConfig, GeneratorStepSummary } from "../../contract/generator-step.ts";
import type { LoadStep } from "../../contract/result.ts";
import { ceilingSearch } from "../../search/ceiling-search.ts";
import { provenRatePerSec } from "../../search/step-verdict.ts";
import { authRefusal, CloudRunAuthError } from "../cloudrun/cloud-run-auth.ts";
import { GeneratorOutputError, parseGeneratorLine } from "../load/bun-generator/generator-output.ts";
import { generatorStepConfig } from "../load/bun-generator/generator-step-config.ts";
import { toGeneratorStep } from "../load/bun-generator/to-generator-step.ts";
import type { StepRequest } from "../load/load-generator.ts";
import type { Cell } from "../plan/cell.ts";
import type { ServiceCell } from "../plan/service-cell.ts";
import { CALIBRATE_LIMITS, type CalibrateTarget } from "./calibrate-flags.ts";
import type { SecretHeaders } from "./calibrate-secrets.ts";
import type { SendStep } from "./host-generator.ts";
import type { InstanceCounter } from "./instance-check.ts";
import { clientLimits, inFlightWindow, judgedSloMs, type RoundTripFloor } from "./round-trip.ts";

/** Past its own bound (duration, drain, timeout), a step's process may take this long (start-up, close). */
const STEP_GRACE_MS = 15_000;

export type ServiceModeCell = Cell & { service: ServiceCell; concurrency: number };

export interface CalibrateSearchOptions {
  cell: ServiceModeCell;
  target: CalibrateTarget;
  send: SendStep;
  maxRequests: number;
  maxSeconds: number;
  /** The generator's worker threads (this host's cores, less the service's when it runs here too). */
  workers: number;
  hostCores: number;
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** Counts the instance ids each step's answers carried (--instance-header). */
  instances?: InstanceCounter;
  /** The local ceiling the ratio divides by: sizes the closed-loop steps' window. */
  localCeilingPerSec: number;
  /** The auth headers of each step (fetched again before a token expires); absent: none. */
  auth?: Pick<SecretHeaders, "current" | "hasToken">;
}

export interface CalibrateSearchResult {
  ceilingPerSec: number | null;
  /** null: the concurrency-1 probe itself failed (stopReason says how). */
  roundTripFloorMs: number | null;
  floor: RoundTripFloor | null;
  /** Why this client (its window, CPU or host), not the revision, may have set the ceiling; null: the revision's. */
  clientLimited: string | null;
  steps: LoadStep[];
  notes: string[];
  /** Why the search ended before it finished; null: it finished. */
  stopReason: string | null;
  requestsSent: number;
}

/** A bound or a storm ends the search; the steps so far are kept. */
class StopSearch extends Error {}

/**
 * The same open-loop ceiling search as a local cell (search/ceiling-search.ts, the cell's SLO, step length and
 * warm-up), driven from this host at a revision's URL: first a concurrency-1 probe for the round-trip floor, then the
 * warm-up and the search, every step bounded by the request and time budgets and by the connection-error rule.
 */
export async function calibrateSearch(options: CalibrateSearchOptions): Promise<CalibrateSearchResult> {
  const { cell, target, send } = options;
  const startedMs = performance.now();
  const steps: LoadStep[] = [];
  const notes: string[] = [];
  let requestsSent = 0;
  let floorSeconds = 0;

  const runOne = async (request: StepRequest): Promise<LoadStep> => {
    const config: GeneratorStepConfig = {
      ...generatorStepConfig(request),
      host: target.host,
      tls: { insecure: target.insecure },
      watchHeader: options.instances?.header ?? null,
    };
    const planned =
      config.plannedRequests ??
      Math.ceil((request.concurrency / Math.max(floorSeconds, 1e-4)) * (request.durationMs / 1000));
    if (requestsSent + planned > options.maxRequests)
      throw new StopSearch(
        `the next step (${describe(request)}, about ${planned} requests) would pass --max-requests ${options.maxRequests} (${requestsSent} sent)`,
      );
    const deadlineMs = config.durationMs + config.drainMs + config.timeoutMs + STEP_GRACE_MS;
    const elapsedSeconds = (performance.now() - startedMs) / 1000;
    if (elapsedSeconds + (config.durationMs + config.drainMs) / 1000 > options.maxSeconds)
      throw new StopSearch(
        `the next step (${describe(request)}) would pass --max-seconds ${options.maxSeconds} (${elapsedSeconds.toFixed(0)} s spent)`,
      );
    const stdin = config.workload === "-" ? (request.workload?.source ?? "") : null;
    const headers = (await options.auth?.current(deadlineMs, options.signal)) ?? {};
    const outcome = await send(config, stdin, deadlineMs, options.signal, headers);
    if (outcome.timedOut)
      throw new GeneratorOutputError(
        `the ${describe(request)} step did not finish within ${deadlineMs} ms`,
        outcome.stderr,
      );
    // A workload module's own calls (the bundled ones' admin calls) refused before any step: auth, not capacity.
    const refusedCall = outcome.exitCode === 0 ? null : /answered HTTP (401|403)\b/.exec(outcome.stderr);
    if (refusedCall)
      throw new CloudRunAuthError(
        authRefusal({ [refusedCall[1] as string]: 1 }, 1, {
          hasToken: options.auth?.hasToken ?? false,
          hasHeaders: Object.keys(headers).length > 0,
        }) as string,
      );
    const summary = parseGeneratorLine(outcome.stdout, outcome.stderr, "bcStepSummary", GeneratorStepSummary);
    requestsSent += summary.started;
    options.instances?.add(describe(request), summary.headerValues);
    const authRefused = authRefusal(summary.causes.failedStatuses, summary.started, {
      hasToken: options.auth?.hasToken ?? false,
      hasHeaders: Object.keys(headers).length > 0,
    });
    if (authRefused !== null) throw new CloudRunAuthError(authRefused);
    const parsed = toGeneratorStep(request, summary, outcome.cpuSeconds);
    const step = { ...parsed.step, sloMet: parsed.step.sloMet && parsed.droppedRequests === 0 };
    steps.push(step);
    options.log?.(
      `[calibrate] ${describe(request)}: ${step.achievedPerSec.toFixed(0)}/s, p99 ${step.latency.p99Ms.toFixed(1)} ms, ${summary.errors} errors${step.sloMet ? "" : " (fails the SLO)"}`,
    );
    // Connection failures, not slow or refused answers: an overloaded revision's 429s and timeouts are the search's.
    const { reset, refused, closedBeforeResponse, protocolError } = summary.causes;
    const connectionErrors = reset + refused + closedBeforeResponse + protocolError;
    const errorShare = connectionErrors / Math.max(1, summary.started);
    if (errorShare > CALIBRATE_LIMITS.maxConnectionErrorShare)
      throw new StopSearch(
        `the ${describe(request)} step had ${connectionErrors} connection errors in ${summary.started} requests (${(errorShare * 100).toFixed(1)}%: ${reset} resets, ${refused} refused, ${closedBeforeResponse} closed before a response, ${protocolError} protocol errors; over ${CALIBRATE_LIMITS.maxConnectionErrorShare * 100}%): the search stops rather than retry into a storm`,
      );
    return step;
  };

  let floor: RoundTripFloor | null = null;
  // After the floor: a window of the revision's concurrency plus the round trip's share, the SLO less the floor.
  const request = (ratePerSec: number | null, phase: LoadStep["phase"], durationMs: number) => {
    const concurrency =
      floor === null ? 1 : inFlightWindow(cell.concurrency, ratePerSec, floor, options.localCeilingPerSec);
    return {
      kind: ratePerSec === null ? "closed" : "open",
      ratePerSec,
      concurrency,
      durationMs,
      sloP99Ms: floor === null ? cell.sloP99Ms : judgedSloMs(cell.sloP99Ms, floor),
      port: target.port,
      requests: cell.service.requests,
      workload:
        cell.service.script === null
          ? null
          : { imagePath: cell.service.workload?.imagePath ?? null, source: cell.service.script },
      flags: cell.flags,
      workers: Math.min(options.workers, concurrency),
      phase,
    } satisfies StepRequest;
  };

  let roundTripFloorMs: number | null = null;
  let ceilingPerSec: number | null = null;
  let stopReason: string | null = null;
  try {
    const probe = await runOne(request(null, "probe", CALIBRATE_LIMITS.floorProbeMs));
    if (probe.errors > 0 || probe.achievedPerSec <= 0)
      throw new StopSearch(
        `the round-trip probe failed ${probe.errors} requests and completed ${probe.achievedPerSec.toFixed(1)}/s: check the URL and the scenario's paths`,
      );
    floor = { p50Ms: probe.latency.p50Ms, p99Ms: probe.latency.p99Ms };
    roundTripFloorMs = floor.p50Ms;
    floorSeconds = roundTripFloorMs / 1000;
    options.log?.(
      `[calibrate] round-trip floor: p50 ${floor.p50Ms.toFixed(2)} ms, p99 ${floor.p99Ms.toFixed(2)} ms at concurrency 1; the SLO is judged on latency less ${floor.p50Ms.toFixed(2)} ms`,
    );
    if (cell.warmupSeconds > 0) await runOne(request(null, "probe", cell.warmupSeconds * 1000));
    const stepMs = cell.service.stepSeconds * 1000;
    const search = await ceilingSearch({
      probe: () => runOne(request(null, "probe", stepMs)),
      runStep: (rate, phase) => runOne(request(rate, phase, stepMs)),
    });
    ceilingPerSec = search.ceiling.ceilingPerSec;
    notes.push(...search.notes);
  } catch (error) {
    if (!(error instanceof StopSearch)) throw error;
    stopReason = error.message;
    const passed = steps.filter((s) => s.phase !== "probe" && s.sloMet);
    ceilingPerSec = passed.length > 0 ? Math.max(...passed.map(provenRatePerSec)) : null;
    notes.push(
      `search ended early: ${stopReason}; the ceiling is the highest rate that passed (a lower bound)`,
    );
  }
  const clientReasons = clientLimits(steps, ceilingPerSec, {
    floor,
    sloP99Ms: cell.sloP99Ms,
    concurrency: cell.concurrency,
    localCeilingPerSec: options.localCeilingPerSec,
    hostCores: options.hostCores,
    workers: options.workers,
  });
  notes.push(...clientReasons);
  const clientLimited = clientReasons.length > 0 ? clientReasons.join("; ") : null;
  return { ceilingPerSec, roundTripFloorMs, floor, clientLimited, steps, notes, stopReason, requestsSent };
}

function describe(request: StepRequest): string {
  return request.kind === "closed"
    ? `closed-loop (${request.concurrency} in flight)`
    : `${request.ratePerSec?.toFixed(0)}/s`;
}
