import { join } from "node:path";
import { CEILING_SEARCH_DEFAULTS } from "../../search/ceiling-search.ts";
import { FlagError } from "../cli/flags.ts";
import { checkDeployability } from "../cloudrun/deployability.ts";
import { PRICES_DATED, resolveUnitPrices } from "../cloudrun/pricing.ts";
import type { CloudRunSettings } from "../config/cloud-run-settings.ts";
import { formatMemorySize } from "../config/memory-size.ts";
import type { Matrix } from "../config/resolved-matrix.ts";
import type { Cell } from "../plan/cell.ts";
import { localHostFacts } from "../plan/plan.ts";
import { planRun } from "../plan/plan-run.ts";
import type { CellRecord } from "../results/cell-record.ts";
import type { CalibrationSize } from "../results/cloud-run-calibration.ts";
import { latestRunId, readStoredRun } from "../results/run-store.ts";
import { measureCell } from "../sizing/cell-measurements.ts";
import type { CalibrateFlags } from "./calibrate-flags.ts";
import type { ServiceModeCell } from "./calibrate-search.ts";

const bad = (flag: string, problem: string) => new FlagError(flag, problem, { command: "calibrate" });

/** The matrix cell of this size and scenario: the same requests, SLO, step length and warm-up as a local run. */
export function calibrationCell(
  matrix: Matrix,
  size: CalibrationSize,
  scenario: string | undefined,
): { cell: ServiceModeCell; settings: CloudRunSettings } {
  const plan = planRun(
    matrix,
    {
      cpus: [size.cpus],
      memoryBytes: [size.memoryBytes],
      smol: [false],
      scenarios: scenario ? [scenario] : null,
    },
    localHostFacts(),
  );
  const serviceCells = plan.cells.filter(
    (cell): cell is ServiceModeCell =>
      cell.mode === "service" &&
      Boolean(cell.service) &&
      !cell.service?.fixed &&
      typeof cell.concurrency === "number",
  );
  const unreachable = plan.cells
    .filter((cell) => cell.concurrency === size.concurrency || cell.mode !== "service" || cell.service?.fixed)
    .map(remoteUnreachable)
    .find((why) => why !== null);
  if (scenario && unreachable) throw bad("--scenario", unreachable);
  const sized = serviceCells.filter((cell) => cell.concurrency === size.concurrency);
  const scenarios = [...new Set(sized.map((cell) => cell.scenario))];
  if (sized.length === 0)
    throw bad(
      "--concurrency",
      `${matrix.path} plans no server-mode cell of ${size.cpus} vCPU, ${formatMemorySize(size.memoryBytes)}, concurrency ${size.concurrency}${scenario ? ` for scenario ${scenario}` : ""} (its server-mode cells of that CPU and memory: concurrency ${[...new Set(serviceCells.map((c) => c.concurrency))].join(", ") || "none"}); calibrate measures a size the matrix plans`,
    );
  if (scenarios.length > 1)
    throw bad(
      "--scenario",
      `${matrix.path} has ${scenarios.length} scenarios of that size (${scenarios.join(", ")}): name one with --scenario`,
    );
  // The default view (pinned) and the first variant: the figure a plan of that size stands on.
  const cell =
    sized.find((c) => !c.variant && c.cpuView !== "shared") ??
    sized.find((c) => c.cpuView !== "shared") ??
    (sized[0] as ServiceModeCell);
  const why = remoteUnreachable(cell);
  if (why) throw bad("--scenario", why);
  return { cell, settings: plan.cloudRun };
}

/**
 * Why a cell's scenario cannot drive a remote revision, refused before anything is sent; null: it can (a request
 * mix, or a workload module told the revision's host, TLS and headers: the bundled ingest and e2e over HTTP/1.1,
 * h2 and WebSocket).
 */
export function remoteUnreachable(cell: Cell): string | null {
  const name = `scenario ${cell.scenario}`;
  if (cell.mode !== "service" || !cell.service)
    return `${name} runs in-process inside the container: it has no URL to drive; calibrate a server-mode scenario`;
  if (cell.service.fixed)
    return `${name} is a fixed-shape workload (search: false): it has no ceiling to calibrate`;
  const protocol = cell.flags.protocol;
  const advertised = cell.env.PUBSUB_PROTOCOL;
  if (protocol === "grpc" || (protocol === "auto" && advertised === "grpc"))
    return `${name} publishes over gRPC, which calibrate does not drive against a remote revision; calibrate it with protocol http1 or h2`;
  return null;
}

/** The revision's execution environment: part of the calibration's key, so it must be stated. */
export function calibrateEnvironment(
  flags: Pick<CalibrateFlags, "execution-environment">,
  size: { cpus: number; memoryBytes: number; concurrency: number },
): "gen1" | "gen2" {
  const environment = flags["execution-environment"];
  if (environment === undefined)
    throw bad(
      "--execution-environment",
      "--execution-environment is required (gen1 or gen2, as the revision was deployed): a calibration applies only within its environment",
    );
  const forced = checkDeployability(size.cpus, size.memoryBytes, {
    billing: "request",
    concurrency: size.concurrency,
  }).executionEnvironment;
  if (forced !== null && forced !== environment)
    throw bad(
      "--execution-environment",
      `--execution-environment ${environment}: Cloud Run runs ${size.cpus} vCPU with ${Math.round(size.memoryBytes / 2 ** 20)} MiB only as ${forced} (below 1 vCPU or 512 MiB), so the revision cannot be ${environment}`,
    );
  return environment;
}

/** The cell's planning ceiling in the latest run (results/latest.txt), or why there is none. */
export async function latestLocalCeiling(
  resultsDir: string,
  cellId: string,
): Promise<{ ceilingPerSec: number; runId: string } | { missing: string }> {
  const runId = await latestRunId(resultsDir);
  if (runId === null) return { missing: `no run is recorded in ${resultsDir}` };
  const stored = await readStoredRun(join(resultsDir, runId));
  const record = stored.records.find((r) => r.cell.id === cellId);
  if (!record) return { missing: `the latest run ${runId} has no cell ${cellId}` };
  const ceilingPerSec = planningCeilingOf(record);
  if (ceilingPerSec === null)
    return { missing: `cell ${cellId} of run ${runId} confirmed no ceiling (${record.status})` };
  return { ceilingPerSec, runId };
}

/** The same figure a plan stands on: the median of agreeing repetitions, else the lowest confirmed. */
export function planningCeilingOf(record: CellRecord): number | null {
  return measureCell(record).planning.planningCeilingPerSec;
}

export interface CalibrationBudget {
  /** About what the search sends near the local ceiling (null: unknown before the revision answers). */
  estimatedRequests: number | null;
  maxRequests: number;
  maxSeconds: number;
  /** Cloud Run's request-based cost at the bounds (requests and instance time), in USD. */
  maxCostUsd: number;
  text: string;
}

/**
 * What the calibration may send and cost, printed before anything is sent: at most maxRequests over maxSeconds;
 * request-based billing charges the requests and the instance's vCPU and memory while it has one in flight.
 */
export function calibrationBudget(
  cell: ServiceModeCell,
  settings: CloudRunSettings,
  localCeilingPerSec: number | null,
  bounds: { maxRequests: number; maxSeconds: number },
): CalibrationBudget {
  const prices = resolveUnitPrices(settings, "request");
  const searchSeconds = cell.warmupSeconds + CEILING_SEARCH_DEFAULTS.maxSteps * cell.service.stepSeconds;
  // The gallop overshoots the ceiling by up to a step: 1.5x the local ceiling bounds what it offers.
  const estimatedRequests =
    localCeilingPerSec === null
      ? null
      : Math.min(bounds.maxRequests, Math.ceil(1.5 * localCeilingPerSec * searchSeconds));
  const busySeconds = Math.min(bounds.maxSeconds, searchSeconds + 30);
  const gib = cell.memoryBytes / 2 ** 30;
  const requestUsd = (bounds.maxRequests / 1e6) * prices.millionRequestsUsd;
  const instanceUsd = bounds.maxSeconds * (cell.cpus * prices.vcpuSecondUsd + gib * prices.gibSecondUsd);
  const maxCostUsd = requestUsd + instanceUsd;
  const estimateUsd =
    estimatedRequests === null
      ? null
      : (estimatedRequests / 1e6) * prices.millionRequestsUsd +
        busySeconds * (cell.cpus * prices.vcpuSecondUsd + gib * prices.gibSecondUsd);
  const lines = [
    `planned: ${estimatedRequests === null ? "unknown until the revision answers" : `about ${estimatedRequests.toLocaleString("en-US")} requests`} (a warm-up and up to ${CEILING_SEARCH_DEFAULTS.maxSteps} steps of ${cell.service.stepSeconds} s${localCeilingPerSec === null ? "" : ` near the local ceiling of ${localCeilingPerSec.toFixed(0)}/s`}), at most ${bounds.maxRequests.toLocaleString("en-US")} requests (--max-requests) over at most ${bounds.maxSeconds} s (--max-seconds)`,
    `Cloud Run request-based cost (prices of ${PRICES_DATED}, tier ${settings.regionTier}: $${prices.millionRequestsUsd}/M requests, $${prices.vcpuSecondUsd}/vCPU-s, $${prices.gibSecondUsd}/GiB-s): ${estimateUsd === null ? "" : `about $${estimateUsd.toFixed(4)}, `}at most $${maxCostUsd.toFixed(4)} at the bounds`,
  ];
  return {
    estimatedRequests,
    maxRequests: bounds.maxRequests,
    maxSeconds: bounds.maxSeconds,
    maxCostUsd,
    text: lines.join("\n"),
  };
}
