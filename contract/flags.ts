import { z } from "zod";

/** A command-line flag the scenario cannot accept; the harness prints the message and exits with code 2. */
export class FlagError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "FlagError";
  }
}

/** Exit code for bad command-line input (the shell convention for usage errors). */
export const USAGE_EXIT_CODE = 2;

const kebab = (camel: string) => camel.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const camel = (kebabName: string) =>
  kebabName.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Splits argv into flag name -> raw value; accepts --name=value and --name value. */
export function splitFlags(argv: readonly string[]): Map<string, string> {
  const raw = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] as string;
    if (!token.startsWith("--") || token.length < 3) {
      throw new FlagError(`Unexpected argument "${token}": flags look like --name=value or --name value.`);
    }
    const eq = token.indexOf("=");
    const name = eq === -1 ? token.slice(2) : token.slice(2, eq);
    let value: string | undefined = eq === -1 ? undefined : token.slice(eq + 1);
    if (value === undefined) {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith("--")) {
        throw new FlagError(`Flag --${name} needs a value: write --${name}=<value> or --${name} <value>.`);
      }
      value = next;
      index++;
    }
    if (raw.has(name)) throw new FlagError(`Flag --${name} was given twice; give it once.`);
    raw.set(name, value);
  }
  return raw;
}

/** One line per flag: name, default and description, for errors and --help. */
export function describeFlags(shape: z.ZodRawShape): string {
  return Object.entries(shape)
    .map(([name, schema]) => {
      const fallback = (schema as z.ZodType).safeParse(undefined);
      const hint =
        fallback.success && fallback.data !== undefined ? ` (default ${String(fallback.data)})` : "";
      return `--${kebab(name)}${hint}: ${(schema as z.ZodType).description ?? ""}`;
    })
    .join("; ");
}

/** Validates argv against a zod shape of camelCase flags; throws FlagError naming the flag, value and what is allowed. */
export function parseFlags<S extends z.ZodRawShape>(
  shape: S,
  argv: readonly string[],
): z.infer<z.ZodObject<S>> {
  const raw = splitFlags(argv);
  const input: Record<string, string> = {};
  for (const [name, value] of raw) {
    const key = camel(name);
    if (!(key in shape) || name !== kebab(key)) {
      const known = Object.keys(shape).map((flag) => `--${kebab(flag)}`);
      throw new FlagError(`Unknown flag --${name}=${value}. Allowed flags: ${known.join(", ")}.`);
    }
    input[key] = value;
  }
  const checked = checkFlags(z.object(shape).strict(), input);
  if (checked.ok) return checked.data as z.infer<z.ZodObject<S>>;
  const { key, message } = checked.problems[0] as FlagProblem;
  const schema = shape[key] as z.ZodType | undefined;
  throw new FlagError(
    `Bad value for --${kebab(key)}: "${input[key]}" is not allowed (${message}). ` +
      `Expected: ${schema?.description ?? "see --help"}.`,
    { cause: checked.error },
  );
}

/** One flag the schema refused: unknown, or its value not allowed. */
export interface FlagProblem {
  key: string;
  unknown: boolean;
  message: string;
}

/**
 * The one flag check, for the harness's command line and a generator step's flags alike: values by name against a
 * strict zod object (defaults applied), or every refused flag by name.
 */
export function checkFlags(
  schema: z.ZodObject,
  input: Record<string, unknown>,
): { ok: true; data: Record<string, unknown> } | { ok: false; problems: FlagProblem[]; error: z.ZodError } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problems = parsed.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ key, unknown: true, message: issue.message }))
      : [{ key: String(issue.path[0] ?? ""), unknown: false, message: issue.message }],
  );
  return { ok: false, problems, error: parsed.error };
}
