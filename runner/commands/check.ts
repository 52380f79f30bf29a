import { existsSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadMatrix } from "../config/load-matrix.ts";
import { parseMemorySize } from "../config/memory-size.ts";
import { localHostFacts } from "../plan/host-facts.ts";
import { planRun } from "../plan/plan-run.ts";
import { checkJunitXml } from "../report/check-junit-xml.ts";
import { checkVerdictMarkdown } from "../report/check-verdict-markdown.ts";
import { checkVerdictText } from "../report/check-verdict-text.ts";
import { readBaselineCeilings } from "../report/read-baseline-ceilings.ts";
import { readRunDir } from "../report/read-run-dir.ts";
import { ReportInputError } from "../report/report-input-error.ts";
import type { CellRecord } from "../results/cell-record.ts";
import { latestRunId } from "../results/latest-run.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-paths.ts";
import { type CheckSize, checkDeploy, DEFAULT_FAIL_PCT, DEFAULT_WARN_PCT } from "../sizing/check-deploy.ts";
import { CloudRunSettings } from "../sizing/cloud-run-settings.ts";
import { SizingReport } from "../sizing/sizing-report.ts";

export const CHECK_USAGE = `Usage: bun runner/matrix.ts check --target <msg/s> [--cpus <n> --memory <size>] [--smol]
         [--instances <n>] [--scenario <name>] [--baseline <run-id|dir|file>] [--warn-pct 5] [--fail-pct 10]
         [--junit <file>] [--matrix matrix.yaml] [--results results]

Runs only the cells of one size and exits 0 when ceiling × instances × utilization ≥ target and the p99 SLO holds,
1 when not (or when the ceiling dropped more than --fail-pct below the baseline, confirmed by one re-run), 2 on bad input.
Without --cpus/--memory it checks the recommendation in the latest run's sizing.json.`;

const BAD_INPUT = 2;

const Flags = z
  .object({
    cpus: z.coerce.number().positive().optional(),
    memory: z.string().optional(),
    smol: z.boolean().optional(),
    target: z.coerce.number().positive({ error: "--target must be a positive rate in messages per second" }),
    instances: z.coerce.number().int().positive().optional(),
    scenario: z.string().min(1).optional(),
    baseline: z.string().min(1).optional(),
    junit: z.string().min(1).optional(),
    matrix: z.string().min(1).optional(),
    results: z.string().min(1).optional(),
    "warn-pct": z.coerce.number().nonnegative().default(DEFAULT_WARN_PCT),
    "fail-pct": z.coerce.number().nonnegative().default(DEFAULT_FAIL_PCT),
  })
  .strict();

export interface CheckCommandDeps {
  /** Runs one size's cells: the real one plans from the matrix and runs containers. */
  runCells: (size: CheckSize, matrixPath: string, resultsDir: string) => Promise<CellRecord[]>;
  resultsDir: string;
  /** The matrix's cloudRun settings; the real one reads the matrix file. */
  loadSettings: (matrixPath: string, explicit: boolean) => CloudRunSettings;
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
}

class BadCheckInput extends Error {}

function settingsFrom(matrixPath: string, explicit: boolean): CloudRunSettings {
  if (!existsSync(matrixPath)) {
    if (explicit) throw new BadCheckInput(`--matrix ${matrixPath}: no such file`);
    return CloudRunSettings.parse({});
  }
  const matrix = loadMatrix(matrixPath, { cloudRunSchema: CloudRunSettings });
  const variant = matrix.base ?? (matrix.defaultProfile ? matrix.profiles[matrix.defaultProfile] : undefined);
  const parsed = CloudRunSettings.safeParse(variant?.cloudRun ?? {});
  return parsed.success ? parsed.data : CloudRunSettings.parse({});
}

async function recommendedSize(resultsDir: string, scenario: string | undefined) {
  const runId = await latestRunId(resultsDir);
  if (!runId)
    throw new BadCheckInput(
      `no --cpus/--memory and no latest run in ${resultsDir}: run the matrix first or pass a size`,
    );
  const file = Bun.file(join(resultsDir, runId, "sizing.json"));
  if (!(await file.exists()))
    throw new BadCheckInput(`run ${runId} has no sizing.json: run \`bun runner/matrix.ts report ${runId}\``);
  const report = SizingReport.safeParse(await file.json());
  if (!report.success)
    throw new BadCheckInput(`${runId}/sizing.json is invalid:\n${z.prettifyError(report.error)}`);
  const s = report.data.scenarios.find((x) => (scenario ? x.scenario === scenario : x.recommendation));
  if (!s?.recommendation)
    throw new BadCheckInput(
      `run ${runId} has no recommendation${scenario ? ` for scenario ${scenario}` : ""}: pass --cpus and --memory`,
    );
  return { ...s.recommendation, runId };
}

/** `check`: parses flags, resolves the size and baseline, runs the cells and prints a one-screen verdict. */
export async function checkCommand(argv: string[], deps: Partial<CheckCommandDeps> = {}): Promise<number> {
  const out = deps.out ?? console.log;
  const err = deps.err ?? console.error;
  const env = deps.env ?? process.env;
  try {
    const { values } = parseArgs({
      args: argv[0] === "check" ? argv.slice(1) : argv,
      strict: true,
      allowPositionals: false,
      options: {
        cpus: { type: "string" },
        memory: { type: "string" },
        smol: { type: "boolean" },
        target: { type: "string" },
        instances: { type: "string" },
        scenario: { type: "string" },
        baseline: { type: "string" },
        junit: { type: "string" },
        matrix: { type: "string" },
        results: { type: "string" },
        "warn-pct": { type: "string" },
        "fail-pct": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      out(CHECK_USAGE);
      return 0;
    }
    const { help: _help, ...rest } = values;
    const parsed = Flags.safeParse(rest);
    if (!parsed.success) throw new BadCheckInput(z.prettifyError(parsed.error));
    const flags = parsed.data;
    if ((flags.cpus === undefined) !== (flags.memory === undefined))
      throw new BadCheckInput(
        "give --cpus and --memory together, or neither to check the latest recommendation",
      );
    if (flags["warn-pct"] > flags["fail-pct"])
      throw new BadCheckInput("--warn-pct must not exceed --fail-pct");
    const resultsDir = flags.results ?? deps.resultsDir ?? DEFAULT_RESULTS_DIR;
    const matrixPath = flags.matrix ?? "matrix.yaml";
    const settings = (deps.loadSettings ?? settingsFrom)(matrixPath, flags.matrix !== undefined);
    const notes: string[] = [];
    let size: CheckSize;
    let instances = flags.instances;
    if (flags.cpus !== undefined && flags.memory !== undefined) {
      const memory = parseMemorySize(flags.memory);
      if ("error" in memory) throw new BadCheckInput(`--memory ${flags.memory}: ${memory.error}`);
      size = {
        cpus: flags.cpus,
        memoryBytes: memory.bytes,
        smol: flags.smol ?? false,
        scenario: flags.scenario ?? null,
      };
    } else {
      const rec = await recommendedSize(resultsDir, flags.scenario);
      size = {
        cpus: rec.cpus,
        memoryBytes: rec.memoryBytes,
        smol: rec.smol,
        scenario: flags.scenario ?? null,
      };
      instances ??= rec.instances;
      notes.push(`size and instances from run ${rec.runId}'s recommendation`);
    }
    if (instances === undefined) {
      instances = settings.maxInstances ?? 1;
      notes.push(
        `assuming ${instances} instance${instances === 1 ? "" : "s"} (cloudRun.maxInstances or 1); pass --instances`,
      );
    }
    const baseline = flags.baseline ? await readBaselineCeilings(flags.baseline, size, resultsDir) : null;
    const runCells = deps.runCells ?? realRunCells;
    const verdict = await checkDeploy(
      {
        ...size,
        targetPerSec: flags.target,
        instances,
        settings,
        baseline,
        warnPct: flags["warn-pct"],
        failPct: flags["fail-pct"],
        notes,
      },
      { runCells: (s) => runCells(s, matrixPath, resultsDir) },
    );
    out(checkVerdictText(verdict));
    if (env.GITHUB_STEP_SUMMARY) await appendFile(env.GITHUB_STEP_SUMMARY, checkVerdictMarkdown(verdict));
    if (flags.junit) await Bun.write(flags.junit, checkJunitXml(verdict));
    return verdict.exitCode;
  } catch (error) {
    if (error instanceof BadCheckInput || error instanceof ReportInputError) {
      err(
        `check: ${error.message}${error instanceof ReportInputError ? `\n${error.nextStep}` : ""}\n\n${CHECK_USAGE}`,
      );
      return BAD_INPUT;
    }
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      err(`check: ${error.message}\n\n${CHECK_USAGE}`);
      return BAD_INPUT;
    }
    if (error instanceof Error && error.name === "MatrixError") {
      err(error.message);
      return BAD_INPUT;
    }
    throw error;
  }
}

/** Where check's own runs go, apart from results/latest.txt so they never replace the latest full run. */
const CHECK_RUNS_DIR = "checks";

/** Plans only this size from the matrix, runs its cells in containers (runPlan) and reads back the records. */
async function realRunCells(size: CheckSize, matrixPath: string, resultsDir: string): Promise<CellRecord[]> {
  const { runPlan } = await import("./run.ts");
  const matrix = loadMatrix(matrixPath, { cloudRunSchema: CloudRunSettings });
  const plan = planRun(
    matrix,
    {
      cpus: [size.cpus],
      memoryBytes: [size.memoryBytes],
      smol: [size.smol],
      scenarios: size.scenario ? [size.scenario] : null,
    },
    localHostFacts(),
  );
  const checksDir = join(resultsDir, CHECK_RUNS_DIR);
  const record = await runPlan(plan, { resultsDir: checksDir });
  return (await readRunDir(join(checksDir, record.runId))).records;
}
