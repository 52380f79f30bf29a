import { closestName } from "../config/closest-name.ts";
import { DEFAULT_MATRIX_PATH, DEFAULT_OUT_DIR } from "./cli-defaults.ts";
import { FlagError } from "./flag-error.ts";
import { BOOLEAN_FLAGS, FLAG_NAMES, FlagValues, type RunArgs } from "./run-args.ts";

/** Parses `[run] [MATRIX_FILE] [flags]` (argv without bun and the script); throws FlagError on anything odd. */
export function parseRunArgs(argv: readonly string[]): RunArgs {
  const args = argv[0] === "run" ? argv.slice(1) : [...argv];
  const raw: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const token = args[index] ?? "";
    if (token === "--") {
      positionals.push(...args.slice(index + 1));
      break;
    }
    if (!token.startsWith("-") || token === "-") {
      positionals.push(token);
      continue;
    }
    const [written, inlineValue] = splitFlag(token);
    const name = written === "-h" ? "help" : written.replace(/^--/, "");
    if (!written.startsWith("--") && written !== "-h") throw unknownFlag(written);
    if (!FLAG_NAMES.includes(name)) throw unknownFlag(written);
    if (name in raw)
      throw new FlagError(written, `${written} is given twice; give it once (lists are comma-separated)`);
    if (BOOLEAN_FLAGS.includes(name)) {
      if (inlineValue !== undefined)
        throw new FlagError(written, `${written} takes no value (got "${inlineValue}")`);
      raw[name] = true;
      continue;
    }
    const value = inlineValue ?? args[index + 1];
    if (value === undefined || (inlineValue === undefined && value.startsWith("--")))
      throw new FlagError(written, `${written} needs a value, e.g. ${example(name)}`);
    if (inlineValue === undefined) index++;
    raw[name] = value;
  }
  if (positionals.length > 1)
    throw new FlagError("", `unexpected argument "${positionals[1]}"; give at most one matrix file path`);

  const parsed = FlagValues.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0]);
    const given = String(raw[name]);
    const item =
      issue?.input !== undefined && String(issue.input) !== given ? `; got "${String(issue.input)}"` : "";
    throw new FlagError(`--${name}`, `--${name} "${given}"${item}: ${issue?.message}`);
  }
  const flags = parsed.data;
  return {
    command: "run",
    matrixPath: positionals[0] ?? DEFAULT_MATRIX_PATH,
    profile: flags.profile ?? null,
    cpus: flags.cpus ?? null,
    memoryBytes: flags.memory ?? null,
    smol: flags.smol ?? null,
    scenarios: flags.scenario ?? null,
    repetitions: flags.reps ?? null,
    outDir: flags.out ?? DEFAULT_OUT_DIR,
    resumeRunId: flags.resume ?? null,
    driver: flags.driver ?? null,
    dryRun: flags["dry-run"] ?? false,
    force: flags.force ?? false,
    help: flags.help ?? false,
  };
}

function splitFlag(token: string): [string, string | undefined] {
  const equals = token.indexOf("=");
  return equals === -1 ? [token, undefined] : [token.slice(0, equals), token.slice(equals + 1)];
}

function unknownFlag(written: string): FlagError {
  const near = closestName(written.replace(/^-+/, ""), FLAG_NAMES);
  const hint = near ? ` (did you mean --${near}?)` : "";
  return new FlagError(
    written,
    `unknown flag ${written}${hint}; flags: ${FLAG_NAMES.map((n) => `--${n}`).join(", ")}`,
  );
}

const EXAMPLES: Record<string, string> = {
  profile: "--profile quick",
  cpus: "--cpus 0.5,1",
  memory: "--memory 256Mi,512Mi",
  smol: "--smol both",
  scenario: "--scenario throughput",
  reps: "--reps 3",
  out: "--out results",
  resume: "--resume 2024-05-01T10-00-00Z",
  driver: "--driver swarm",
};

function example(name: string): string {
  return EXAMPLES[name] ?? `--${name} VALUE`;
}
