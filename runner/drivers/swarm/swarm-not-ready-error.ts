/** The swarm cannot take the run: this engine is no manager, or no node can be used. */
export class SwarmNotReadyError extends Error {
  constructor(
    problem: string,
    readonly nextStep: string,
    options?: ErrorOptions,
  ) {
    super(`${problem}: ${nextStep}`, options);
    this.name = "SwarmNotReadyError";
  }
}
