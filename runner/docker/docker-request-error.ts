/** Docker answered, but refused a request (bad parameter, conflict, server error). */
export class DockerRequestError extends Error {
  constructor(
    action: string,
    readonly statusCode: number | null,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`Docker refused to ${action}${statusCode ? ` (HTTP ${statusCode})` : ""}: ${detail}`, options);
    this.name = "DockerRequestError";
  }
}
