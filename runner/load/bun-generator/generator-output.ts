import { z } from "zod";

const TAIL_CHARS = 1500;

/** The generator's output had no valid summary line: the step cannot be read. */
export class GeneratorOutputError extends Error {
  override readonly name = "GeneratorOutputError";
  constructor(
    detail: string,
    readonly stderrTail: string,
    options?: { cause?: unknown },
  ) {
    super(
      `the load generator printed no valid step summary: ${detail}. ` +
        `Next step: read its stderr below (a workload module's default export must follow generator/api/workload.ts).\n${stderrTail}`,
      options,
    );
  }

  static from(detail: string, stderr: string, cause?: unknown): GeneratorOutputError {
    return new GeneratorOutputError(detail, stderr.slice(-TAIL_CHARS), { cause });
  }
}

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

/** The epoch ms of the first 2xx, from the readiness container's stdout. */
export function parseReadyAtMs(stdout: string, stderr: string): number {
  const line = stdout
    .split("\n")
    .map((l) => l.trim())
    .findLast((l) => /^\d{12,}$/.test(l));
  if (!line) throw GeneratorOutputError.from("the readiness probe printed no epoch-ms line", stderr);
  return Number(line);
}
