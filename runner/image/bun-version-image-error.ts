/** A variant's Bun version could not be turned into a base image: the download, the binary or the image failed. */
export class BunVersionImageError extends Error {
  override readonly name = "BunVersionImageError";
  constructor(
    readonly bunVersion: string,
    problem: string,
    readonly nextStep: string,
    options: { cause?: unknown } = {},
  ) {
    super(`Bun ${bunVersion} (a variant's bunVersion): ${problem}. Next step: ${nextStep}`, options);
  }
}
