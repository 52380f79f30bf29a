/**
 * Configuration, planning and flags of `bun runner/matrix.ts run`. The entry point does:
 *
 *   try {
 *     const args = parseRunArgs(process.argv.slice(2));        // FlagError on bad flags
 *     if (args.help) { console.log(RUN_USAGE); process.exit(0); }
 *     const matrix = loadMatrix(args.matrixPath);                 // MatrixError on a bad file
 *     const plan = planRun(matrix, args, localHostFacts());       // MatrixError on --profile/--scenario mismatches
 *     if (args.dryRun) { console.log(renderDryRun(plan)); process.exit(0); }
 *     // build plan.image, then bindImage(plan, builtRef): cells carry IMAGE_TO_BUILD until then
 *   } catch (error) {
 *     const message = badInputMessage(error);
 *     if (message === null) throw error;
 *     console.error(message); process.exit(BAD_INPUT_EXIT_CODE);
 *   }
 *
 * Cells with `exceedsHost` set are recorded as "exceeds-host" and not run.
 */
export { BUNDLED_SCENARIOS } from "../config/bundled-scenarios.ts";
export { type LoadMatrixOptions, loadMatrix, parseMatrix } from "../config/load-matrix.ts";
export type { Matrix } from "../config/matrix.ts";
export { MatrixError } from "../config/matrix-error.ts";
export { bindImage } from "../plan/bind-image.ts";
export { type HostFacts, localHostFacts } from "../plan/host-facts.ts";
export { IMAGE_TO_BUILD, Plan } from "../plan/plan.ts";
export { planRun } from "../plan/plan-run.ts";
export { badInputMessage } from "./bad-input-message.ts";
export { BAD_INPUT_EXIT_CODE, DEFAULT_MATRIX_PATH, DEFAULT_OUT_DIR } from "./cli-defaults.ts";
export { FlagError } from "./flag-error.ts";
export { parseRunArgs } from "./parse-run-args.ts";
export { renderDryRun } from "./render-dry-run.ts";
export { RunArgs } from "./run-args.ts";
export { RUN_USAGE } from "./run-usage.ts";
