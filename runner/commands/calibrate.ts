import { availableParallelism } from "node:os";
import type { HostProbe } from "../../contract/host-probe.ts";
import {
  CALIBRATE_FLAGS,
  CALIBRATE_LIMITS,
  type CalibrateFlags,
  calibrateSize,
  calibrateTarget,
} from "../calibrate/calibrate-flags.ts";
import {
  calibrateEnvironment,
  calibrationBudget,
  calibrationCell,
  latestLocalCeiling,
} from "../calibrate/calibrate-inputs.ts";
import { calibrateSearch, type ServiceModeCell } from "../calibrate/calibrate-search.ts";
import { type RunTokenCommand, SecretHeaders } from "../calibrate/calibrate-secrets.ts";
import {
  calibrationLines,
  calibrationRecord,
  type LocalMeasure,
  type RecordInput,
} from "../calibrate/calibration-record.ts";
import { type SendStep, sendStepOnHost } from "../calibrate/host-generator.ts";
import { InstanceCounter } from "../calibrate/instance-check.ts";
import { measureLocalCell, probeThisHost } from "../calibrate/measure-local-cell.ts";
import { type CommandContext, defineCommand } from "../cli/command.ts";
import { EXIT } from "../cli/exit-codes.ts";
import { FlagError, resultsDirOf } from "../cli/flags.ts";
import { DEFAULT_MATRIX_PATH } from "../cli/run-args.ts";
import { calibrationDeployLines } from "../cloudrun/calibration-deploy.ts";
import { loadMatrix } from "../config/load-matrix.ts";
import { withHostLock } from "../host/host-lock.ts";
import { calibrationDirIn, writeCalibration } from "../results/cloud-run-calibration.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-store.ts";

const USAGE = `Usage: bun runner/matrix.ts calibrate --url https://HOST --cpu C --memory M --concurrency N [flags] [MATRIX_FILE]

Runs the matrix cell of that size's ceiling search against a deployed Cloud Run revision (one instance:
docs/calibrate.md), from this host, and stores revision ÷ local in results/.calibration/ for later plans.
It prints the requests and the cost it plans first and sends nothing without --yes.`;

export interface CalibrateCommandDeps {
  /** Sends one step; tests pass a counter to prove that nothing was sent. */
  send: SendStep;
  resultsDir: string;
  /** This host's probe, taken after the search; the real one runs the probe container (runner/execute). */
  probeHost: () => Promise<HostProbe>;
  /** Runs the local cell of the same size now (--measure-local); the real one runs it in Docker. */
  measureLocal?: (
    matrixPath: string,
    cell: ServiceModeCell,
    resultsDir: string,
    signal: AbortSignal,
  ) => Promise<{ ceilingPerSec: number | null; runId: string }>;
  /** Runs --token-command; tests pass their own. */
  runTokenCommand?: RunTokenCommand;
}

/** `calibrate`: flags and URL rules -> the cell -> the local ceiling -> plan and cost -> --yes -> search -> file. */
export function makeCalibrateCommand(deps: Partial<CalibrateCommandDeps> = {}) {
  return defineCommand({
    name: "calibrate",
    usage: USAGE,
    flags: CALIBRATE_FLAGS,
    positionals: { min: 0, max: 1, names: "at most one matrix file path" },
    run: async ({ flags, positionals }, outer) => {
      const secrets = new SecretHeaders(
        flags.header ?? [],
        flags["token-command"] ?? null,
        deps.runTokenCommand,
      );
      // Every line and error of the command passes the redactor: a token or header value never reaches output.
      const context: CommandContext = {
        ...outer,
        out: (text) => outer.out(secrets.redact(text)),
        err: (text) => outer.err(secrets.redact(text)),
      };
      try {
        return await calibrate(flags, positionals, context, secrets, deps);
      } catch (error) {
        if (error instanceof Error) error.message = secrets.redact(error.message);
        throw error;
      }
    },
  });
}

async function calibrate(
  flags: CalibrateFlags,
  positionals: string[],
  context: CommandContext,
  secrets: SecretHeaders,
  deps: Partial<CalibrateCommandDeps>,
): Promise<number> {
  if (flags["print-deploy"]) {
    const size = calibrateSize(flags);
    const environment = calibrateEnvironment(flags, size);
    context.out(
      calibrationDeployLines({ ...size, cpus: size.cpus, executionEnvironment: environment }).join("\n"),
    );
    return EXIT.ok;
  }
  const target = calibrateTarget(flags);
  const size = calibrateSize(flags);
  const environment = calibrateEnvironment(flags, size);
  const maxRequests = flags["max-requests"] ?? CALIBRATE_LIMITS.defaultMaxRequests;
  const maxSeconds = flags["max-seconds"] ?? CALIBRATE_LIMITS.defaultMaxSeconds;
  const resultsDir = resultsDirOf(flags.results, deps.resultsDir ?? DEFAULT_RESULTS_DIR);
  const matrixPath = positionals[0] ?? DEFAULT_MATRIX_PATH;
  const matrix = loadMatrix(matrixPath);
  const { cell, settings } = calibrationCell(matrix, size, flags.scenario);
  const latest = flags["measure-local"] ? null : await latestLocalCeiling(resultsDir, cell.id);
  if (latest && "missing" in latest)
    throw new FlagError(
      "--measure-local",
      `calibrate needs the local ceiling of cell ${cell.id}: ${latest.missing}. Run that cell first (bun runner/matrix.ts ${matrixPath} --cpus ${size.cpus} --memory ${flags.memory === undefined ? "" : `${Math.round(size.memoryBytes / 2 ** 20)}Mi`}), or pass --measure-local`,
      { command: "calibrate" },
    );
  const budget = calibrationBudget(cell, settings, latest?.ceilingPerSec ?? null, {
    maxRequests,
    maxSeconds,
  });
  context.out(
    `[calibrate] cell ${cell.id} (scenario ${cell.scenario}, SLO p99 ${cell.sloP99Ms} ms) against https://${target.host}:${target.port}${target.insecure ? " (self-signed certificate accepted: loopback)" : ""}; ${secrets.describe()}\n${budget.text}`,
  );
  if (!flags.yes) {
    context.err(
      "calibrate: nothing was sent. Pass --yes to send the requests above to that URL (rule: a calibration reaches beyond loopback and is billed, so it runs only when asked).",
    );
    return EXIT.badInput;
  }
  context.startRunPhase();
  const hostCores = availableParallelism();
  const instances = new InstanceCounter(flags["instance-header"] ?? null);
  const repetitions = flags.repetitions ?? CALIBRATE_LIMITS.defaultRepetitions;
  const measureLocal = deps.measureLocal ?? measureLocalCell;
  const locals: (LocalMeasure & { ceilingPerSec: number })[] = [];
  const searches: RecordInput["searches"][number][] = [];
  for (let repetition = 1; repetition <= repetitions; repetition++) {
    // --measure-local interleaves: local, revision, local, revision, ... so both see the same hour.
    if (locals.length === 0 || flags["measure-local"]) {
      const measured =
        latest && "ceilingPerSec" in latest
          ? latest
          : await measureLocal(matrixPath, cell, resultsDir, context.signal);
      if (measured.ceilingPerSec === null) {
        context.err(
          `error: the local cell ${cell.id} (run ${measured.runId}) confirmed no ceiling: nothing to calibrate against`,
        );
        return EXIT.failed;
      }
      locals.push({ ...measured, ceilingPerSec: measured.ceilingPerSec });
    }
    if (repetitions > 1) context.err(`[calibrate] repetition ${repetition} of ${repetitions}`);
    const sentSoFar = searches.reduce((sum, s) => sum + s.requestsSent, 0);
    const search = await withHostLock(
      !flags["no-host-lock"],
      { runId: `calibrate-${cell.id}`, log: context.err, signal: context.signal },
      () =>
        calibrateSearch({
          cell,
          target,
          send: deps.send ?? sendStepOnHost,
          maxRequests: maxRequests - sentSoFar,
          maxSeconds,
          // On loopback the stand-in's service shares this host: the generator keeps to the cores it leaves.
          workers: Math.max(1, hostCores - (target.loopback ? Math.ceil(cell.cpus) : 0)),
          hostCores,
          signal: context.signal,
          log: context.err,
          auth: secrets,
          instances,
          localCeilingPerSec: (locals.at(-1) as { ceilingPerSec: number }).ceilingPerSec,
        }),
    );
    for (const note of search.notes) context.err(`[calibrate] note: ${note}`);
    if (search.roundTripFloorMs === null || search.ceilingPerSec === null || search.ceilingPerSec <= 0) {
      context.err(
        `error: the revision confirmed no ceiling${search.stopReason ? `: ${search.stopReason}` : ""}. Nothing was written. Next step: check the revision's logs and deployment (docs/calibrate.md).`,
      );
      return EXIT.failed;
    }
    searches.push({
      ...search,
      ceilingPerSec: search.ceilingPerSec,
      roundTripFloorMs: search.roundTripFloorMs,
    });
    // A bound reached ends the calibration: the next repetition would pass it too.
    if (search.stopReason !== null) break;
  }
  const first = searches[0] as RecordInput["searches"][number];
  context.out(`[calibrate] round-trip floor: ${first.roundTripFloorMs.toFixed(2)} ms (p50 at concurrency 1)`);
  for (const s of searches)
    if (s.clientLimited !== null)
      context.err(
        `[calibrate] warning: client-limited: ${s.clientLimited}. This calibration is recorded but never applied: calibrate from a machine with more spare CPU, nearer the region`,
      );
  let hostProbe: HostProbe | null = null;
  let hostProbeMissing: string | null = null;
  try {
    hostProbe = await (deps.probeHost ?? probeThisHost)();
  } catch (error) {
    // The calibration stands without it; a later plan then applies its ratio unscaled, and says so.
    hostProbeMissing = `the host probe failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    context.err(`[calibrate] warning: ${hostProbeMissing}`);
  }
  const calibration = calibrationRecord({
    cell,
    size,
    executionEnvironment: environment,
    urlHost: target.host,
    searches,
    locals,
    localKind: flags["measure-local"] ? "measured" : "latest-run",
    instances,
    hostProbe,
    hostProbeMissing,
    redact: (text) => secrets.redact(text),
  });
  const path = await writeCalibration(calibration, calibrationDirIn(resultsDir));
  context.out(calibrationLines(calibration, instances.note(), path).join("\n"));
  return EXIT.ok;
}

export const calibrateCommand = makeCalibrateCommand();
