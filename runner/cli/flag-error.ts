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
