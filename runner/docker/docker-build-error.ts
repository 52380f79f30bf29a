import { buildNextStep } from "./build-next-step.ts";

/** `docker build` failed; the message carries Docker's error, the tail of the build's own output and a next step. */
export class DockerBuildError extends Error {
  readonly nextStep: string;

  constructor(
    message: string,
    readonly logTail: string,
    options: ErrorOptions & { nextStep?: string } = {},
  ) {
    const nextStep = options.nextStep ?? buildNextStep(`${message}\n${logTail}`);
    const log = logTail.trim() ? `\n--- build output (last lines) ---\n${logTail}\n---` : "";
    super(`${message}${log}\nNext step: ${nextStep}`, options);
    this.name = "DockerBuildError";
    this.nextStep = nextStep;
  }
}
