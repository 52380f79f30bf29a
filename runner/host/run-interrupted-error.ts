/** The run was stopped by a signal (Ctrl-C / SIGTERM); finished cells are kept and the run can be resumed. */
export class RunInterruptedError extends Error {
  constructor(readonly signal: string) {
    super(`interrupted by ${signal}`);
    this.name = "RunInterruptedError";
  }
}
