import { appendFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { defineCommand } from "../../cli/command.ts";
import { runShell, type ShellIo } from "../../cli/command-shell.ts";
import { FlagError, resultsDirOf } from "../../cli/flags.ts";
import type { CloudRunSettings } from "../../config/cloud-run-settings.ts";
import { checkOutputFile } from "../../preflight/check-output-dir.ts";
import type { CellRecord } from "../../results/cell-record.ts";
import { DEFAULT_RESULTS_DIR } from "../../results/run-store.ts";
import { CHECK_FLAGS, type CheckFlags } from "./check-flags.ts";
import { checkSettings, readBaselineCeilings, recommendedSize, runCheckCells } from "./check-inputs.ts";
import { checkJunitXml, checkVerdictMarkdown, checkVerdictText } from "./check-output.ts";
import { type CheckSize, checkDeploy, DEFAULT_FAIL_PCT, DEFAULT_WARN_PCT } from "./check-verdict.ts";

const USAGE = `Usage: bun runner/matrix.ts check --target N [--cpus N --memory SIZE] [flags]

Runs only the cells of one size and exits 0 when ceiling × instances × utilization ≥ target and the p99 SLO holds,
1 when not (or when the ceiling dropped more than --fail-pct below the baseline, confirmed by one re-run), 2 on bad
input. Without --cpus/--memory it checks the recommendation in the latest run's sizing.json.`;

export interface CheckCommandDeps {
  /** Runs one size's cells: the real one plans from the matrix and runs containers. */
  runCells: (
    size: CheckSize,
    matrixPath: string,
    resultsDir: string,
    signal?: AbortSignal,
  ) => Promise<CellRecord[]>;
  resultsDir: string;
  /** The matrix's cloudRun settings; the real one reads the matrix file. */
  loadSettings: (matrixPath: string, explicit: boolean) => CloudRunSettings;
}

const bad = (flag: string, problem: string) => new FlagError(flag, problem, { command: "check" });

/** The flags' rules across flags: a size is --cpus with --memory; warn below fail; a target. */
function validateFlags(flags: CheckFlags) {
  if (flags.target === undefined)
    throw bad("--target", "--target is required, e.g. --target 5000 (messages per second)");
  if ((flags.cpus === undefined) !== (flags.memory === undefined))
    throw bad("--cpus", "give --cpus and --memory together, or neither to check the latest recommendation");
  if (flags.smol && flags.cpus === undefined)
    throw bad(
      "--smol",
      "--smol is part of a size: give it with --cpus and --memory (without them check takes the latest recommendation, --smol included)",
    );
  const warnPct = flags["warn-pct"] ?? DEFAULT_WARN_PCT;
  const failPct = flags["fail-pct"] ?? DEFAULT_FAIL_PCT;
  if (flags["same-host"] && !flags.baseline)
    throw bad("--same-host", "--same-host is about the baseline: give it with --baseline REF");
  if (warnPct > failPct)
    throw bad("--warn-pct", `--warn-pct ${warnPct} must not exceed --fail-pct ${failPct}`);
  return { targetPerSec: flags.target, warnPct, failPct };
}

/** `check`: validate flags -> load settings and size -> run the size's cells -> verdict -> export (text, summary, JUnit). */
export function makeCheckCommand(deps: Partial<CheckCommandDeps> = {}) {
  return defineCommand({
    name: "check",
    usage: USAGE,
    flags: CHECK_FLAGS,
    positionals: { min: 0, max: 0, names: "no arguments (only flags)" },
    run: async ({ flags }, context) => {
      const { targetPerSec, warnPct, failPct } = validateFlags(flags);
      if (flags.junit) await checkOutputFile(flags.junit, "--junit");
      const resultsDir = resultsDirOf(flags.results, deps.resultsDir ?? DEFAULT_RESULTS_DIR);
      const matrixPath = flags.matrix ?? "matrix.yaml";
      const notes: string[] = [];
      const loaded = deps.loadSettings
        ? { settings: deps.loadSettings(matrixPath, flags.matrix !== undefined), note: null }
        : checkSettings(matrixPath, flags.matrix !== undefined);
      if (loaded.note) notes.push(loaded.note);
      let size: CheckSize;
      let instances = flags.instances;
      if (flags.cpus !== undefined && flags.memory !== undefined) {
        size = {
          cpus: flags.cpus,
          memoryBytes: flags.memory,
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
        if (rec.missingCells > 0)
          notes.push(
            `run ${rec.runId} is incomplete (${rec.missingCells} planned cell(s) have no result): a cheaper size may be among them`,
          );
      }
      if (instances === undefined) {
        instances = loaded.settings.maxInstances ?? 1;
        notes.push(
          `assuming ${instances} instance${instances === 1 ? "" : "s"} (cloudRun.maxInstances or 1); pass --instances`,
        );
      }
      const baseline = flags.baseline ? await readBaselineCeilings(flags.baseline, size, resultsDir) : null;
      const runCells = deps.runCells ?? runCheckCells;
      context.startRunPhase();
      const verdict = await checkDeploy(
        {
          ...size,
          targetPerSec,
          instances,
          settings: loaded.settings,
          baseline,
          sameHost: flags["same-host"] ?? false,
          warnPct,
          failPct,
          notes,
        },
        { runCells: (s) => runCells(s, matrixPath, resultsDir, context.signal) },
      );
      context.out(checkVerdictText(verdict));
      if (context.env.GITHUB_STEP_SUMMARY)
        await appendFile(context.env.GITHUB_STEP_SUMMARY, checkVerdictMarkdown(verdict));
      if (flags.junit) {
        await mkdir(dirname(flags.junit), { recursive: true });
        await Bun.write(flags.junit, checkJunitXml(verdict));
      }
      return verdict.exitCode;
    },
  });
}

export const checkCommand = makeCheckCommand();

/** `check` alone with injected parts, for tests. */
export function runCheck(argv: string[], deps: Partial<CheckCommandDeps> = {}, io: ShellIo = {}) {
  return runShell([makeCheckCommand(deps)], argv, io);
}
