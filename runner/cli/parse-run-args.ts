import type { z } from "zod";
import { booleanFlag, FlagError, parseFlags } from "./flags.ts";
import { DEFAULT_MATRIX_PATH, DEFAULT_OUT_DIR, RUN_FLAGS, type RunArgs } from "./run-args.ts";

/** The run command's typed flags and positionals as one RunArgs. */
export function toRunArgs(
  flags: z.output<typeof RUN_FLAGS> & { help?: true },
  positionals: string[],
): RunArgs {
  if (flags.resume !== undefined) refuseWithResume(flags, positionals);
  return {
    command: "run",
    matrixPath: positionals[0] ?? DEFAULT_MATRIX_PATH,
    profile: flags.profile ?? null,
    cpus: flags.cpus ?? null,
    memoryBytes: flags.memory ?? null,
    smol: flags.smol ?? null,
    scenarios: flags.scenario ?? null,
    variants: flags.variant ?? null,
    repetitions: flags.reps ?? null,
    outDir: flags.out ?? DEFAULT_OUT_DIR,
    resumeRunId: flags.resume ?? null,
    order: flags.order ?? null,
    driver: flags.driver ?? null,
    dryRun: flags["dry-run"] ?? false,
    force: flags.force ?? false,
    hostLock: !(flags["no-host-lock"] ?? false),
    ...(flags["no-calibration"] ? { calibration: false } : {}),
    help: flags.help ?? false,
  };
}

/** Parses `[run] [MATRIX_FILE] [flags]` (argv without bun and the script); throws FlagError on anything odd. */
export function parseRunArgs(argv: readonly string[]): RunArgs {
  const args = argv[0] === "run" ? argv.slice(1) : [...argv];
  const parsed = parseFlags(RUN_FLAGS.extend({ help: booleanFlag("print this help", "h") }), args, "run");
  if (parsed.positionals.length > 1)
    throw new FlagError(
      "",
      `unexpected argument "${parsed.positionals[1]}"; give at most one matrix file path`,
    );
  return toRunArgs(parsed.flags, parsed.positionals);
}

/** Flags that shape a plan: a resumed run keeps its stored one, so these would be silently ignored. */
const PLAN_FLAGS = [
  "profile",
  "cpus",
  "memory",
  "smol",
  "scenario",
  "variant",
  "reps",
  "driver",
  "force",
  "order",
] as const;

function refuseWithResume(flags: z.output<typeof RUN_FLAGS>, positionals: string[]): void {
  const given = PLAN_FLAGS.find((name) => flags[name] !== undefined);
  const what =
    given !== undefined ? `--${given}` : positionals[0] !== undefined ? `"${positionals[0]}"` : null;
  if (what === null) return;
  throw new FlagError(
    given ?? "",
    `${what} cannot change a resumed run: --resume continues the run's stored plan (matrix, cells, repetitions, their order, driver); drop ${what}, or start a new run without --resume`,
  );
}
