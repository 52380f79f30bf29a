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
