/** A command-line flag the scenario cannot accept; the harness prints the message and exits with code 2. */
export class FlagError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "FlagError";
  }
}

/** Exit code for bad command-line input (the shell convention for usage errors). */
export const USAGE_EXIT_CODE = 2;
