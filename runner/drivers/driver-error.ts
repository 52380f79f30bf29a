import type { RunFacts } from "./execution-driver.ts";

export type PodStartFailure = "sidecar-not-ready" | "service-not-ready" | "service-exited" | "not-scheduled";

/** A pod that never became ready; its containers are removed and the service's facts kept (null: it never started). */
export class PodStartError extends Error {
  constructor(
    readonly failure: PodStartFailure,
    message: string,
    readonly facts: RunFacts | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "PodStartError";
  }
}

/** The run's abort signal fired while a driver waited: the driver has killed and removed what it started. */
export class RunAbortedError extends Error {
  constructor(readonly reason: string) {
    super(`aborted (${reason})`);
    this.name = "RunAbortedError";
  }
}

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
