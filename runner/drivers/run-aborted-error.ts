/** The run's abort signal fired while a driver waited: the driver has killed and removed what it started. */
export class RunAbortedError extends Error {
  constructor(readonly reason: string) {
    super(`aborted (${reason})`);
    this.name = "RunAbortedError";
  }
}
