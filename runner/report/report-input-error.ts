/** Stored results that cannot be read or rendered; `nextStep` tells the user what to do. */
export class ReportInputError extends Error {
  constructor(
    message: string,
    readonly nextStep: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "ReportInputError";
  }
}
