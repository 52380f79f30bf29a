import type { z } from "zod";
import { closestName } from "../../config/closest-name.ts";
import { FlagError } from "../flag-error.ts";
import { type FlagSet, flagMeta } from "./flag-registry.ts";

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
    if (Object.hasOwn(raw, name))
      throw fail(written, `${written} is given twice; give it once (lists are comma-separated)`);
    const meta = flagMeta(flags, name);
    if (meta.kind === "boolean") {
      if (inline !== undefined) throw fail(written, `${written} takes no value (got ${show(inline)})`);
      raw[name] = true;
      continue;
    }
    const value = inline ?? argv[index + 1];
    if (value === undefined || (inline === undefined && value.startsWith("--")))
      throw fail(written, `${written} needs a value, e.g. ${meta.example}`);
    if (inline === undefined) index++;
    raw[name] = value;
  }
  const parsed = flags.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "");
    const given = show(String(raw[name]));
    const itemText = issue?.path.length && issue.path.length > 1 ? issue.input : undefined;
    const item = typeof itemText === "string" && itemText !== raw[name] ? ` (item ${show(itemText)})` : "";
    throw fail(`--${name}`, `--${name} ${given}${item}: ${issue?.message ?? "not allowed"}`);
  }
  return { flags: parsed.data, positionals };
}

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
