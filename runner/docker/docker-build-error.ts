/** `docker build` failed; the message carries the failing step and the tail of the build log. */
export class DockerBuildError extends Error {
  constructor(
    message: string,
    readonly logTail: string,
    options?: ErrorOptions,
  ) {
    super(
      `${message}\n--- build log (tail) ---\n${logTail}\n--- fix the Dockerfile or the files it copies, then run again`,
      options,
    );
    this.name = "DockerBuildError";
  }
}
