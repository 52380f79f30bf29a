import { z } from "zod";
import { FlagError } from "./flag-error.ts";

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
  const parsed = z.object(shape).strict().safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  const key = String(issue.path[0] ?? "");
  const schema = shape[key] as z.ZodType | undefined;
  throw new FlagError(
    `Bad value for --${kebab(key)}: "${input[key]}" is not allowed (${issue.message}). ` +
      `Expected: ${schema?.description ?? "see --help"}.`,
    { cause: parsed.error },
  );
}
