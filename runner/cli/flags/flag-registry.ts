import { z } from "zod";

/** How a flag is written and explained; attached to its zod schema so one schema entry is the whole flag. */
export type FlagMeta = {
  kind: "value" | "boolean";
  help: string;
  /** Placeholder in the usage text, e.g. LIST; value flags only. */
  value?: string;
  /** A working example, shown when the value is missing. */
  example?: string;
  short?: string;
};

export const flagRegistry = z.registry<FlagMeta>();

/** A flag that takes a value: `--name VALUE` or `--name=VALUE`; the schema turns the text into the typed value. */
export function valueFlag<T extends z.ZodType<unknown, string>>(
  schema: T,
  meta: { help: string; value: string; example: string; short?: string },
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
