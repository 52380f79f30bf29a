import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, join } from "node:path";
import type { HostProbe } from "../../../contract/host-probe.ts";
import { FlagError } from "../../cli/flags.ts";
import { CloudRunSettings } from "../../config/cloud-run-settings.ts";
import { loadMatrix } from "../../config/load-matrix.ts";
import { runPlan } from "../../execute/run-plan.ts";
import { runProbe } from "../../host/host-probe.ts";
import { localHostFacts } from "../../plan/plan.ts";
import { planRun } from "../../plan/plan-run.ts";
import { validatePlan } from "../../plan/validate-plan.ts";
import { preflightRun } from "../../preflight/preflight-run.ts";
import { readSizingJson } from "../../report/report-json.ts";
import { ReportInputError, readRunDir } from "../../report/size-run-dir.ts";
import { CellRecord } from "../../results/cell-record.ts";
import { latestRunId } from "../../results/run-store.ts";
import { measureCell } from "../../sizing/cell-measurements.ts";
import { SizingReport } from "../../sizing/sizing-report.ts";
import type { CheckSize } from "./check-verdict.ts";

/** The matrix's cloudRun settings (parsed once when it loads); with no matrix file at all, the documented defaults. */
export function checkSettings(
  matrixPath: string,
  explicit: boolean,
): { settings: CloudRunSettings; note: string | null } {
  if (!existsSync(matrixPath)) {
    if (explicit)
      throw new FlagError("--matrix", `--matrix ${JSON.stringify(matrixPath)}: no such file`, {
        command: "check",
      });
    return { settings: CloudRunSettings.parse({}), note: `no ${matrixPath}: default cloudRun settings` };
  }
  const matrix = loadMatrix(matrixPath);
  const variant = matrix.base ?? (matrix.defaultProfile ? matrix.profiles[matrix.defaultProfile] : undefined);
  if (!variant)
    return {
      settings: CloudRunSettings.parse({}),
      note: `${matrixPath} has no default variant: default cloudRun settings`,
    };
  return { settings: variant.cloudRun, note: null };
}

/** The latest run's recommended size (from its validated sizing.json), for `check` without --cpus/--memory. */
export async function recommendedSize(resultsDir: string, scenario: string | undefined) {
  const runId = await latestRunId(resultsDir);
  if (!runId)
    throw new ReportInputError(
      `no --cpus/--memory and no latest run in ${resultsDir}`,
      "Run the matrix first (bun runner/matrix.ts), or pass --cpus and --memory.",
    );
  const path = join(resultsDir, runId, "sizing.json");
  if (!(await Bun.file(path).exists()))
    throw new ReportInputError(
      `run ${runId} has no sizing.json (${path})`,
      `Run \`bun runner/matrix.ts report ${runId}\`.`,
    );
  const report = await readSizingJson(path);
  const found = report.scenarios.find((x) => (scenario ? x.scenario === scenario : x.recommendation));
  if (!found?.recommendation)
    throw new ReportInputError(
      `run ${runId} has no recommendation${scenario ? ` for scenario ${scenario}` : ""}`,
      "Pass --cpus and --memory.",
    );
  return { ...found.recommendation, runId, missingCells: report.missingCellIds?.length ?? 0 };
}

/** By scenario: the baseline's ceiling, where it came from, and the host probe it was measured at (null: none). */
export type BaselineCeilings = Map<
  string,
  { ceilingPerSec: number; source: string; probe: HostProbe | null }
>;

const sameSize = (c: { cpus: number; memoryBytes: number; smol: boolean }, size: CheckSize) =>
  c.cpus === size.cpus && c.memoryBytes === size.memoryBytes && c.smol === size.smol;

function fromRecords(
  records: CellRecord[],
  size: CheckSize,
  source: string,
  runProbes: readonly HostProbe[] | undefined,
): BaselineCeilings {
  const out: BaselineCeilings = new Map();
  for (const r of records) {
    const ceiling = measureCell(r).ceilingPerSec?.median;
    // The run's start probe; a lone cell record carries its repetitions' own.
    const probe = runProbe(runProbes) ?? r.repetitions.find((x) => x.hostProbe)?.hostProbe ?? null;
    if (sameSize(r.cell, size) && ceiling)
      out.set(r.cell.scenario, { ceilingPerSec: ceiling, source, probe });
  }
  return out;
}

/** Baseline ceilings for one size by scenario, from a run id, a run directory, a sizing.json or a cell record file. */
export async function readBaselineCeilings(
  ref: string,
  size: CheckSize,
  resultsDir: string,
): Promise<BaselineCeilings> {
  const candidates = [ref, join(resultsDir, ref)];
  for (const path of candidates) {
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) {
      const contents = await readRunDir(path);
      return fromRecords(contents.records, size, `run ${contents.runId}`, contents.run.probes);
    }
    if (info?.isFile()) {
      const json: unknown = await Bun.file(path)
        .json()
        .catch(() => null);
      const report = SizingReport.safeParse(json);
      if (report.success) {
        const out: BaselineCeilings = new Map();
        for (const s of report.data.scenarios)
          for (const c of s.cells)
            if (sameSize(c, size) && c.ceilingPerSec)
              out.set(c.scenario, {
                ceilingPerSec: c.ceilingPerSec.median,
                source: `${basename(path)} of run ${report.data.runId}`,
                probe: runProbe(report.data.host?.probes),
              });
        return out;
      }
      const record = CellRecord.safeParse(json);
      if (record.success) return fromRecords([record.data], size, basename(path), undefined);
      throw new ReportInputError(
        `${path} is neither a sizing.json nor a cell record`,
        "Pass a run id, a run directory, a sizing.json or a cells/<id>.json.",
      );
    }
  }
  throw new ReportInputError(
    `baseline "${ref}" not found (looked in ${candidates.join(" and ")})`,
    "Pass a run id from results/ or a file path.",
  );
}

/** Where check's own runs go, apart from results/latest.txt so they never replace the latest full run. */
const CHECK_RUNS_DIR = "checks";

/** Plans only this size from the matrix, validates it like run does, runs its cells and reads back the records. */
export async function runCheckCells(
  size: CheckSize,
  matrixPath: string,
  resultsDir: string,
  signal?: AbortSignal,
): Promise<CellRecord[]> {
  const matrix = loadMatrix(matrixPath);
  const options = {
    cpus: [size.cpus],
    memoryBytes: [size.memoryBytes],
    smol: [size.smol],
    scenarios: size.scenario ? [size.scenario] : null,
  };
  const plan = planRun(matrix, options, localHostFacts());
  validatePlan(plan, { force: false });
  const checksDir = join(resultsDir, CHECK_RUNS_DIR);
  await preflightRun(matrix, plan, checksDir);
  const record = await runPlan(plan, { resultsDir: checksDir, signal });
  return (await readRunDir(join(checksDir, record.runId))).records;
}
