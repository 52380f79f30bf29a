/** Why a server-mode search stopped early; run-server-repetition.ts turns each kind into a repetition status. */
export class ServerStepError extends Error {
  override readonly name = "ServerStepError";
  constructor(
    readonly kind: "service-stopped" | "bad-output" | "generator-timeout",
    message: string,
    readonly rawStdout: string | null = null,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}
