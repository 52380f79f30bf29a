import os from "node:os";
import { join, resolve } from "node:path";
import { type CommandContext, defineCommand } from "../cli/command.ts";
import { EXIT, signalExitCode } from "../cli/exit-codes.ts";
import { toRunArgs } from "../cli/parse-run-args.ts";
import { renderDryRun } from "../cli/render-dry-run.ts";
import { DEFAULT_MATRIX_PATH, RUN_FLAGS, type RunArgs } from "../cli/run-args.ts";
import { loadMatrix } from "../config/load-matrix.ts";
import type { Matrix } from "../config/resolved-matrix.ts";
import { createDockerClient } from "../docker/docker-client.ts";
import { createDriver } from "../drivers/create-driver.ts";
import { placeOnNodes } from "../drivers/placement.ts";
import { resumeRun } from "../execute/resume-run.ts";
import { runPlan } from "../execute/run-plan.ts";
import { localHostFacts, type Plan } from "../plan/plan.ts";
import { planRun } from "../plan/plan-run.ts";
import { validatePlan } from "../plan/validate-plan.ts";
import { previewResume } from "../preflight/check-output-dir.ts";
import { preflightRun } from "../preflight/preflight-run.ts";
import { exportReports } from "../report/export-reports.ts";
import { type RunRecord, runExitCode } from "../results/run-record.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-store.ts";

/** Swarm: plans every cell, then fits the plan to the nodes (exceeds-host, wall-time estimate). */
async function planForDriver(matrix: Matrix, args: RunArgs): Promise<Plan> {
  const plan = planRun(matrix, args, localHostFacts());
  if (plan.execution?.driver !== "swarm") return plan;
  const all = planRun(matrix, { ...args, force: true }, localHostFacts());
  const driver = createDriver("swarm", {
    docker: createDockerClient(),
    host: os.hostname(),
    env: process.env,
  });
  const shareHosts = plan.execution.shareHosts;
  return placeOnNodes(all, await driver.nodes(), { force: args.force, shareHosts });
}

const RUN_USAGE = `Usage: bun runner/matrix.ts [run] [MATRIX_FILE] [flags]

Runs every cell of MATRIX_FILE (default ${DEFAULT_MATRIX_PATH}) in Docker under real CPU/memory limits.

Other commands (each has --help):
  report RUN_ID|latest     re-render the reports of a stored run
  compare RUN_A RUN_B      per-cell changes between two runs
  check --target N ...     pre-deploy gate: run one size, exit 0 pass, 1 fail, 2 bad input
  init [MATRIX_FILE]       write a matrix.yaml for the service in ./Dockerfile

Axis flags narrow the whole plan, cells added by include rules too. Exit codes: 0 done, 1 failed cells or
Docker trouble, 2 bad input (flags, matrix file, stored results), 130/143 stopped by SIGINT/SIGTERM.`;

/** Without --out: <clone>/results wherever it is run from, or ./bun-capacity-results as the installed tool. */
function resultsDirFor(out: string | undefined): string {
  return out === undefined ? DEFAULT_RESULTS_DIR : resolve(out);
}

/**
 * `bun runner/matrix.ts [run] [MATRIX_FILE] [flags]`:
 * load -> plan -> validate (everything a run needs) -> (dry run: print, exit) -> run -> collect -> export.
 */
export const runCommand = defineCommand({
  name: "run",
  usage: RUN_USAGE,
  flags: RUN_FLAGS,
  positionals: { min: 0, max: 1, names: "at most one matrix file path" },
  run: async ({ flags, positionals }, context) => {
    const args = toRunArgs(flags, positionals);
    const resultsDir = resultsDirFor(flags.out);
    if (args.resumeRunId) return resume(args, args.resumeRunId, resultsDir, context);
    const matrix = loadMatrix(args.matrixPath);
    const plan = await planForDriver(matrix, args);
    validatePlan(plan, { force: args.force });
    const buildContexts = await preflightRun(matrix, plan, resultsDir);
    if (args.dryRun) {
      context.out([renderDryRun(plan), ...buildContexts].join("\n"));
      return EXIT.ok;
    }
    context.startRunPhase();
    return finish(
      args,
      await runPlan(plan, {
        resultsDir,
        signal: context.signal,
        hostLock: args.hostLock,
        order: args.order ?? undefined,
      }),
      resultsDir,
      context,
    );
  },
});

/** --resume: checks the stored run, then continues it; with --dry-run it only says what would run. */
async function resume(args: RunArgs, runId: string, resultsDir: string, context: CommandContext) {
  const preview = await previewResume(resultsDir, runId);
  if (args.dryRun) {
    context.out(preview);
    return EXIT.ok;
  }
  context.startRunPhase();
  return finish(
    args,
    await resumeRun(runId, { resultsDir, signal: context.signal, hostLock: args.hostLock }),
    resultsDir,
    context,
  );
}

/** collect -> export: the run's state becomes the exit code; a complete run gets its reports. */
async function finish(
  args: RunArgs,
  record: RunRecord,
  resultsDir: string,
  context: CommandContext,
): Promise<number> {
  const runDir = join(resultsDir, record.runId);
  context.err(`[run] ${record.state}: results in ${runDir}`);
  if (record.state === "interrupted") return signalExitCode(context.received());
  const noCalibration = args.calibration === false;
  if (record.state === "complete" && !(await exportOrExplain(runDir, record.runId, noCalibration, context)))
    return EXIT.failed;
  return runExitCode(record);
}

/** The sizing tables and reports; a failure here keeps the run and says how to retry. */
async function exportOrExplain(
  runDir: string,
  runId: string,
  noCalibration: boolean,
  context: CommandContext,
): Promise<boolean> {
  try {
    await exportReports(runDir, noCalibration ? { calibrations: [] } : {});
    return true;
  } catch (error) {
    context.err(
      `error: the run is recorded in ${runDir} but its reports failed: ${(error as Error).message}`,
    );
    context.err(`retry with: bun runner/matrix.ts report ${runId}`);
    return false;
  }
}
