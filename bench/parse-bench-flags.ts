import { z } from "zod";

/** `--kebab-name=value` arguments into a zod schema of camelCase keys; bad flags exit 2 with the schema's words. */
export function parseBenchFlags<T extends z.ZodType>(
  bench: string,
  schema: T,
  argv = process.argv.slice(2),
): z.output<T> {
  const raw = Object.fromEntries(
    argv.map((arg) => {
      const [name, value] = arg.replace(/^--/, "").split("=", 2);
      return [(name ?? "").replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), value ?? "true"];
    }),
  );
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    console.error(`${bench}: bad flags:\n${z.prettifyError(parsed.error)}`);
    process.exit(2);
  }
  return parsed.data;
}
