/** `init` cannot start: a missing or unreadable Dockerfile, or a matrix file that exists without --force. */
export class InitInputError extends Error {
  override readonly name = "InitInputError";
  constructor(
    readonly path: string,
    problem: string,
    readonly nextStep: string,
    options?: ErrorOptions,
  ) {
    super(`${path}: ${problem}. Next step: ${nextStep}`, options);
  }
}
