import { z } from "zod";
import { GeneratorOutputError } from "./generator-output-error.ts";

/** The last stdout line carrying `"marker"`, validated by `schema`; anything else is a GeneratorOutputError. */
export function parseGeneratorLine<T extends z.ZodType>(
  stdout: string,
  stderr: string,
  marker: string,
  schema: T,
): z.infer<T> {
  const line = stdout
    .split("\n")
    .map((l) => l.trim())
    .findLast((l) => l.startsWith("{") && l.includes(`"${marker}"`));
  if (!line) throw GeneratorOutputError.from(`no ${marker} line on stdout`, stderr);
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    throw GeneratorOutputError.from(`the ${marker} line is not JSON: ${line.slice(0, 200)}`, stderr, error);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw GeneratorOutputError.from(
      `the ${marker} line is malformed: ${z.prettifyError(parsed.error)}`,
      stderr,
    );
  return parsed.data;
}
