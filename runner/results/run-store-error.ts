/** A run directory or one of its files is missing or unreadable. */
export class RunStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "RunStoreError";
  }
}
