import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { HostProbe } from "../../contract/host-probe.ts";
import {
  CALIBRATE_FLAGS,
  CALIBRATE_LIMITS,
  type CalibrateFlags,
  calibrateSize,
  calibrateTarget,
} from "../calibrate/calibrate-flags.ts";
import {
  calibrationBudget,
  calibrationCell,
  latestLocalCeiling,
  planningCeilingOf,
} from "../calibrate/calibrate-inputs.ts";
import { calibrateSearch, type ServiceModeCell } from "../calibrate/calibrate-search.ts";
import { littleLawShare } from "../calibrate/round-trip.ts";
import { type RunTokenCommand, SecretHeaders } from "../calibrate/calibrate-secrets.ts";
import { type SendStep, sendStepOnHost } from "../calibrate/host-generator.ts";
import { type CommandContext, defineCommand } from "../cli/command.ts";
import { EXIT } from "../cli/exit-codes.ts";
import { FlagError, resultsDirOf } from "../cli/flags.ts";
import { DEFAULT_MATRIX_PATH } from "../cli/run-args.ts";
import { loadMatrix } from "../config/load-matrix.ts";
import { createDockerClient } from "../docker/docker-client.ts";
import { runHostProbe } from "../execute/run-host-probe.ts";
import { runPlan } from "../execute/run-plan.ts";
import { withHostLock } from "../host/host-lock.ts";
import { localHostFacts } from "../plan/plan.ts";
import { planRun } from "../plan/plan-run.ts";
import { validatePlan } from "../plan/validate-plan.ts";
import { preflightRun } from "../preflight/preflight-run.ts";
import { readRunDir } from "../report/size-run-dir.ts";
import {
  type CloudRunCalibration,
  calibrationDirIn,
  writeCalibration,
} from "../results/cloud-run-calibration.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-store.ts";

const USAGE = `Usage: bun runner/matrix.ts calibrate --url https://HOST --cpu C --memory M --concurrency N [flags] [MATRIX_FILE]

Runs the matrix cell of that size's ceiling search against a deployed Cloud Run revision (one instance:
docs/calibrate.md), from this host, and stores revision ÷ local in results/.calibration/ for later plans.
It prints the requests and the cost it plans first and sends nothing without --yes.`;

/** Where --measure-local's runs go, apart from results/latest.txt so they never replace the latest full run. */
const LOCAL_RUNS_DIR = "calibrate";

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

/** The local cell measured now: the default view's ceiling (the ratio's divisor) and each CPU view's. */
interface LocalMeasure {
  ceilingPerSec: number | null;
  runId: string;
  byView?: { pinned: number | null; shared: number | null };
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
  const target = calibrateTarget(flags);
  const size = calibrateSize(flags);
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
  const local =
    latest && "ceilingPerSec" in latest
      ? { ceilingPerSec: latest.ceilingPerSec, runId: latest.runId, kind: "latest-run" as const }
      : {
          ...(await (deps.measureLocal ?? measureLocalCell)(matrixPath, cell, resultsDir, context.signal)),
          kind: "measured" as const,
        };
  if (local.ceilingPerSec === null) {
    context.err(
      `error: the local cell ${cell.id} (run ${local.runId}) confirmed no ceiling: nothing to calibrate against`,
    );
    return EXIT.failed;
  }
  const hostCores = availableParallelism();
  const search = await withHostLock(
    !flags["no-host-lock"],
    { runId: `calibrate-${cell.id}`, log: context.err, signal: context.signal },
    () =>
      calibrateSearch({
        cell,
        target,
        send: deps.send ?? sendStepOnHost,
        maxRequests,
        maxSeconds,
        // On loopback the stand-in's service shares this host: the generator keeps to the cores it leaves.
        workers: Math.max(1, hostCores - (target.loopback ? Math.ceil(cell.cpus) : 0)),
        hostCores,
        signal: context.signal,
        log: context.err,
        auth: secrets,
        localCeilingPerSec: local.ceilingPerSec as number,
      }),
  );
  return finish(search, { cell, target, local, size, flags, resultsDir, deps, context, secrets });
}

interface FinishInput {
  cell: ServiceModeCell;
  target: ReturnType<typeof calibrateTarget>;
  local: LocalMeasure & { kind: "latest-run" | "measured" };
  size: ReturnType<typeof calibrateSize>;
  flags: { "execution-environment"?: "gen1" | "gen2" };
  resultsDir: string;
  deps: Partial<CalibrateCommandDeps>;
  context: CommandContext;
  secrets: SecretHeaders;
}

/** States the floor, the ceilings and their ratio, warns under Little's law, and writes the calibration. */
async function finish(
  search: Awaited<ReturnType<typeof calibrateSearch>>,
  input: FinishInput,
): Promise<number> {
  const { cell, target, local, context } = input;
  for (const note of search.notes) context.err(`[calibrate] note: ${note}`);
  if (search.roundTripFloorMs === null || search.ceilingPerSec === null || search.ceilingPerSec <= 0) {
    context.err(
      `error: the revision confirmed no ceiling${search.stopReason ? `: ${search.stopReason}` : ""}. Nothing was written. Next step: check the revision's logs and deployment (docs/calibrate.md).`,
    );
    return EXIT.failed;
  }
  const localCeiling = local.ceilingPerSec as number;
  const share = littleLawShare(search.roundTripFloorMs, search.ceilingPerSec, cell.concurrency);
  context.out(
    `[calibrate] round-trip floor: ${search.roundTripFloorMs.toFixed(2)} ms (p50 at concurrency 1)`,
  );
  if (share > CALIBRATE_LIMITS.maxLittleLawShare)
    context.err(
      `[calibrate] round-trip floor × rate ÷ concurrency = ${share.toFixed(2)}: the client kept concurrency + rate × floor p99 in flight so the round trip did not cap the ceiling (Little's law; docs/calibrate.md)`,
    );
  if (search.clientLimited !== null)
    context.err(
      `[calibrate] warning: client-limited: ${search.clientLimited}. This calibration is recorded but never applied: calibrate from a machine with more spare CPU, nearer the region`,
    );
  let hostProbe: HostProbe | null = null;
  let hostProbeMissing: string | null = null;
  try {
    hostProbe = await (input.deps.probeHost ?? probeThisHost)();
  } catch (error) {
    // The calibration stands without it; a later plan then applies its ratio unscaled, and says so.
    hostProbeMissing = `the host probe failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    context.err(`[calibrate] warning: ${hostProbeMissing}`);
  }
  const calibration: CloudRunCalibration = {
    calibrationVersion: 1,
    size: input.size,
    scenario: cell.scenario,
    urlHost: target.host,
    takenAt: new Date().toISOString(),
    executionEnvironment: input.flags["execution-environment"] ?? null,
    cloudRunCeilingPerSec: search.ceilingPerSec,
    localCeilingPerSec: localCeiling,
    ratio: search.ceilingPerSec / localCeiling,
    localSource: { kind: local.kind, runId: local.runId, cellId: cell.id, cpuView: cell.cpuView ?? null },
    localByCpuView: byView(local, search.ceilingPerSec),
    roundTripFloorMs: search.roundTripFloorMs,
    littleLawShare: share,
    requestsSent: search.requestsSent,
    searchNotes: search.notes.map((note) => input.secrets.redact(note)),
    stopReason: search.stopReason === null ? null : input.secrets.redact(search.stopReason),
    hostProbe,
    hostProbeMissing,
  };
  const path = await writeCalibration(calibration, calibrationDirIn(input.resultsDir));
  context.out(
    `${calibration.localByCpuView ? `[calibrate] local by CPU view: pinned ${calibration.localByCpuView.pinned?.toFixed(0) ?? "–"}/s, shared ${calibration.localByCpuView.shared?.toFixed(0) ?? "–"}/s; ${calibration.localByCpuView.closer} is closer to the revision\n` : ""}[calibrate] revision ${search.ceilingPerSec.toFixed(0)}/s, local ${localCeiling.toFixed(0)}/s (${local.kind === "measured" ? "measured now" : "latest run"} ${local.runId}): ratio ${calibration.ratio.toFixed(3)}; ${search.requestsSent} requests sent\n[calibrate] wrote ${path}`,
  );
  return EXIT.ok;
}

/** Both CPU views measured now: each one's ceiling and the one whose ratio to the revision is nearer 1. */
function byView(local: LocalMeasure, revisionPerSec: number): CloudRunCalibration["localByCpuView"] {
  const { pinned = null, shared = null } = local.byView ?? {};
  if (pinned === null && shared === null) return null;
  const distance = (x: number | null) =>
    x === null ? Number.POSITIVE_INFINITY : Math.abs(Math.log(revisionPerSec / x));
  return { pinned, shared, closer: distance(shared) < distance(pinned) ? "shared" : "pinned" };
}

/**
 * --measure-local: plans only this cell from the matrix, under both CPU views (pinned, the default the ratio divides
 * by, and shared), runs them like `run` does, and reads their planning ceilings.
 */
async function measureLocalCell(
  matrixPath: string,
  cell: ServiceModeCell,
  resultsDir: string,
  signal: AbortSignal,
): Promise<LocalMeasure> {
  const matrix = loadMatrix(matrixPath);
  const plan = planRun(
    matrix,
    { cpus: [cell.cpus], memoryBytes: [cell.memoryBytes], smol: [false], scenarios: [cell.scenario] },
    localHostFacts(),
  );
  const pinned = plan.cells.find((c) => c.id === cell.id) ?? cell;
  const sharedId = `${pinned.id}__shared`;
  const shared = plan.cells.find((c) => c.id === sharedId) ?? {
    ...pinned,
    id: sharedId,
    cpuView: "shared" as const,
  };
  const views = pinned.cpuView === "shared" ? [pinned] : [pinned, shared];
  const only = { ...plan, cells: views };
  validatePlan(only, { force: false });
  const dir = join(resultsDir, LOCAL_RUNS_DIR);
  await preflightRun(matrix, only, dir);
  const record = await runPlan(only, { resultsDir: dir, signal });
  const stored = await readRunDir(join(dir, record.runId));
  const ceilingOf = (id: string) => {
    const found = stored.records.find((r) => r.cell.id === id);
    return found ? planningCeilingOf(found) : null;
  };
  const byViewFigures = {
    pinned: pinned.cpuView === "shared" ? null : ceilingOf(pinned.id),
    shared: ceilingOf(views.at(-1)?.id ?? sharedId),
  };
  return { ceilingPerSec: ceilingOf(pinned.id), runId: record.runId, byView: byViewFigures };
}

/** This host's full probe, as a run takes at its start: the calibration carries it so other hosts can scale it. */
const probeThisHost = () => runHostProbe(createDockerClient(), { form: "full" });

export const calibrateCommand = makeCalibrateCommand();
