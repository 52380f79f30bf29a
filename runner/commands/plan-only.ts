import {
  BAD_INPUT_EXIT_CODE,
  badInputMessage,
  type HostFacts,
  loadMatrix,
  localHostFacts,
  parseRunArgs,
  planRun,
  RUN_USAGE,
  renderDryRun,
} from "../cli/index.ts";

/**
 * `bun runner/commands/plan-only.ts [MATRIX_FILE] [run flags]`: prints the dry run and never starts a container.
 * Same flags and exit codes as `run --dry-run`, for checking a matrix file without Docker.
 */
export function planOnly(
  argv: readonly string[],
  host: HostFacts,
): { exitCode: number; stdout: string; stderr: string } {
  try {
    const args = parseRunArgs(argv);
    if (args.help) return { exitCode: 0, stdout: RUN_USAGE, stderr: "" };
    const plan = planRun(loadMatrix(args.matrixPath), args, host);
    return { exitCode: 0, stdout: renderDryRun(plan), stderr: "" };
  } catch (error) {
    const message = badInputMessage(error);
    if (message === null) throw error;
    return { exitCode: BAD_INPUT_EXIT_CODE, stdout: "", stderr: message };
  }
}

if (import.meta.main) {
  const result = planOnly(process.argv.slice(2), localHostFacts());
  if (result.stdout) console.log(result.stdout);
  if (result.stderr) console.error(result.stderr);
  process.exit(result.exitCode);
}
