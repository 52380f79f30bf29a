/**
 * The command shell of `bun runner/matrix.ts`: one flag layer (zod, flags/), one error -> exit code table
 * (exit-codes.ts), one shell (command-shell.ts) around every command in runner/commands/. A command is
 * defineCommand({ name, usage, flags: z.strictObject({...valueFlag/booleanFlag entries}), positionals, run }).
 */
export { BUNDLED_SCENARIOS } from "../config/bundled-scenarios.ts";
export { loadMatrix, parseMatrix } from "../config/load-matrix.ts";
export type { Matrix } from "../config/matrix.ts";
export { MatrixError } from "../config/matrix-error.ts";
export { bindImage } from "../plan/bind-image.ts";
export { type HostFacts, localHostFacts } from "../plan/host-facts.ts";
export { IMAGE_TO_BUILD, Plan } from "../plan/plan.ts";
export { planRun } from "../plan/plan-run.ts";
export { DEFAULT_MATRIX_PATH, DEFAULT_OUT_DIR } from "./cli-defaults.ts";
export { type Command, type CommandContext, defineCommand } from "./command.ts";
export { commandUsage, runShell } from "./command-shell.ts";
export { describeFailure, EXIT } from "./exit-codes.ts";
export { FlagError } from "./flag-error.ts";
export { booleanFlag, valueFlag } from "./flags/flag-registry.ts";
export { parseRunArgs } from "./parse-run-args.ts";
export { renderDryRun } from "./render-dry-run.ts";
export { RUN_FLAGS, RunArgs } from "./run-args.ts";
