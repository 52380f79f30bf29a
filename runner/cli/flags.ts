import { resolve } from "node:path";
import { z } from "zod";
import { closestName } from "../config/strict-object.ts";
import { DEFAULT_RESULTS_DIR } from "../results/run-store.ts";

const MAX_ARGS = 200;
const MAX_ARG_CHARS = 4096;
const MAX_SHOWN_VALUE_CHARS = 60;

/** Splits argv into typed flags (through the flag set's zod schema) and positionals; FlagError on anything odd. */
export function parseFlags<F extends FlagSet>(
  flags: F,
  argv: readonly string[],
  command: string,
): { flags: z.output<F>; positionals: string[] } {
  const fail = (flag: string, problem: string) => new FlagError(flag, problem, { command });
  if (argv.length > MAX_ARGS) throw fail("", `${argv.length} arguments; at most ${MAX_ARGS} are accepted`);
  const names = Object.keys(flags.shape);
  const shorts = new Map(
    names.flatMap((name) => (flagMeta(flags, name).short ? [[`-${flagMeta(flags, name).short}`, name]] : [])),
  );
  const raw: Record<string, string | true> = {};
  const positionals: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] ?? "";
    if (token.length > MAX_ARG_CHARS)
      throw fail("", `an argument of ${token.length} characters; at most ${MAX_ARG_CHARS} are accepted`);
    if (token === "--") {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!token.startsWith("-") || token === "-") {
      positionals.push(token);
      continue;
    }
    const equals = token.indexOf("=");
    const written = equals === -1 ? token : token.slice(0, equals);
    const inline = equals === -1 ? undefined : token.slice(equals + 1);
    const name = shorts.get(written) ?? (written.startsWith("--") ? written.slice(2) : undefined);
    if (name === undefined || !names.includes(name)) throw unknownFlag(written, names, fail);
    const meta = flagMeta(flags, name);
    if (Object.hasOwn(raw, name) && !meta.repeatable)
      throw fail(written, `${written} is given twice; give it once (lists are comma-separated)`);
    if (meta.kind === "boolean") {
      if (inline !== undefined) throw fail(written, `${written} takes no value (got ${show(inline)})`);
      raw[name] = true;
      continue;
    }
    const value = inline ?? argv[index + 1];
    if (value === undefined || (inline === undefined && value.startsWith("--")))
      throw fail(written, `${written} needs a value, e.g. ${meta.example}`);
    if (inline === undefined) index++;
    // A repeatable flag's values reach its schema one a line (no flag value may hold a line break).
    raw[name] = Object.hasOwn(raw, name) ? `${raw[name]}\n${value}` : value;
  }
  const parsed = flags.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "");
    const given = flagMeta(flags, name).secret ? SECRET_SHOWN : show(String(raw[name]));
    const itemText = issue?.path.length && issue.path.length > 1 ? issue.input : undefined;
    const item =
      typeof itemText === "string" && itemText !== raw[name] && !flagMeta(flags, name).secret
        ? ` (item ${show(itemText)})`
        : "";
    throw fail(`--${name}`, `--${name} ${given}${item}: ${issue?.message ?? "not allowed"}`);
  }
  return { flags: parsed.data, positionals };
}

/** How a secret flag's value (a header, a token command) appears in every message. */
export const SECRET_SHOWN = "<redacted>";

/** A value as it appears in messages: quoted, shortened. */
export function show(value: string): string {
  const text = JSON.stringify(value);
  return text.length > MAX_SHOWN_VALUE_CHARS ? `${text.slice(0, MAX_SHOWN_VALUE_CHARS)}…"` : text;
}

function unknownFlag(written: string, names: string[], fail: (flag: string, problem: string) => FlagError) {
  const near = closestName(written.replace(/^-+/, "").slice(0, 64), names);
  const hint = near ? ` (did you mean --${near}?)` : "";
  return fail(
    written,
    `unknown flag ${written.slice(0, 64)}${hint}; flags: ${names.map((n) => `--${n}`).join(", ")}`,
  );
}

/** How a flag is written and explained; attached to its zod schema so one schema entry is the whole flag. */
export type FlagMeta = {
  kind: "value" | "boolean";
  help: string;
  /** Placeholder in the usage text, e.g. LIST; value flags only. */
  value?: string;
  /** A working example, shown when the value is missing. */
  example?: string;
  short?: string;
  /** May be given more than once; the schema gets the values one a line. */
  repeatable?: boolean;
  /** Its value never appears in a message (shown as <redacted>). */
  secret?: boolean;
};

export const flagRegistry = z.registry<FlagMeta>();

/** A flag that takes a value: `--name VALUE` or `--name=VALUE`; the schema turns the text into the typed value. */
export function valueFlag<T extends z.ZodType<unknown, string>>(
  schema: T,
  meta: {
    help: string;
    value: string;
    example: string;
    short?: string;
    repeatable?: boolean;
    secret?: boolean;
  },
) {
  const flag = schema.optional();
  flagRegistry.add(flag, { kind: "value", ...meta });
  return flag;
}

/** A flag without a value: present means true. */
export function booleanFlag(help: string, short?: string) {
  return z.literal(true).optional().register(flagRegistry, { kind: "boolean", help, short });
}

/** A command's flags: one zod object whose entries are valueFlag/booleanFlag schemas. */
export type FlagSet = z.ZodObject<Record<string, z.ZodOptional<z.ZodType<unknown, string | true>>>>;

export function flagMeta(flags: FlagSet, name: string): FlagMeta {
  const schema = flags.shape[name];
  const meta = schema ? flagRegistry.get(schema) : undefined;
  if (!meta) throw new Error(`flag --${name} has no valueFlag/booleanFlag metadata`);
  return meta;
}

/** Value schemas for flags: text in, typed value out; only plain decimals (no hex, exponents, signs or Infinity). */

const MAX_DIGITS = 12;
const DECIMAL = new RegExp(`^\\d{1,${MAX_DIGITS}}(\\.\\d{1,${MAX_DIGITS}})?$`);
const WHOLE = new RegExp(`^\\d{1,${MAX_DIGITS}}$`);

/** A plain decimal like 0.5 or 12, within [min, max]. */
export function decimalText(what: string, range: { min: number; max: number; minExclusive?: boolean }) {
  const allowed = `a plain decimal number of ${what} from ${range.min}${range.minExclusive ? " (exclusive)" : ""} to ${range.max}, like 1 or 0.5`;
  return z
    .string()
    .regex(DECIMAL, `expected ${allowed}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .refine((n) => (range.minExclusive ? n > range.min : n >= range.min), `expected ${allowed}`)
        .refine((n) => n <= range.max, `expected ${allowed}`),
    );
}

/** A whole number within [min, max]. */
export function wholeText(what: string, range: { min: number; max: number }) {
  const allowed = `a whole number of ${what} from ${range.min} to ${range.max}`;
  return z
    .string()
    .regex(WHOLE, `expected ${allowed}`)
    .transform(Number)
    .pipe(z.number().min(range.min, `expected ${allowed}`).max(range.max, `expected ${allowed}`));
}

/** `a,b,c` -> items, each through `item`; at most `maxItems`, no repeats (a Set: linear in the list). */
export function commaList<T extends z.ZodType<unknown, string>>(item: T, maxItems: number) {
  return z
    .string()
    .transform((text) => text.split(",").map((part) => part.trim()))
    .pipe(
      z
        .array(item)
        .max(maxItems, `expected at most ${maxItems} comma-separated values`)
        .superRefine((values, ctx) => {
          const seen = new Set<unknown>();
          values.forEach((value, index) => {
            if (seen.has(value))
              ctx.addIssue({
                code: "custom",
                message: "repeats an earlier value of the list",
                path: [index],
              });
            seen.add(value);
          });
        }),
    );
}

/** One of a few words, case-insensitive, mapped to a value. */
export function choiceText<T>(choices: Record<string, T>) {
  const names = Object.keys(choices);
  return z.string().transform((text, ctx) => {
    const key = text.toLowerCase();
    if (Object.hasOwn(choices, key)) return choices[key] as T;
    ctx.addIssue({ code: "custom", message: `expected ${names.join(", ")}`, input: text });
    return z.NEVER;
  });
}

/** A non-empty path. */
export const PathText = z
  .string()
  .min(1, "expected a path")
  .max(4096, "expected a path under 4096 characters");

/** The flags section of a usage text, from the flag set itself (so a new flag documents itself). */
export function flagHelp(flags: FlagSet): string {
  const rows = Object.keys(flags.shape).map((name) => {
    const meta = flagMeta(flags, name);
    const short = meta.short ? `-${meta.short}, ` : "";
    return [`${short}--${name}${meta.kind === "value" ? ` ${meta.value}` : ""}`, meta.help] as const;
  });
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, help]) => `  ${left.padEnd(width)}${help}`).join("\n");
}

/** A command-line flag or argument that cannot be used: names the flag, the value and what is allowed. Exit code 2. */
export class FlagError extends Error {
  override readonly name = "FlagError";
  readonly flag: string;

  constructor(flag: string, problem: string, options?: { cause?: unknown; command?: string }) {
    const help = options?.command && options.command !== "run" ? `${options.command} --help` : "run --help";
    super(`Bad command line: ${problem}. Run \`bun runner/matrix.ts ${help}\` for the flags.`, options);
    this.flag = flag;
  }
}

/** --results DIR, shared by report, compare and check. */
export const resultsFlag = valueFlag(PathText, {
  help: "results directory (default: results/ of a clone, ./bun-capacity-results as the installed tool)",
  value: "DIR",
  example: "--results results",
});

export function resultsDirOf(flag: string | undefined, fallback = DEFAULT_RESULTS_DIR): string {
  return flag === undefined ? fallback : resolve(flag);
}
