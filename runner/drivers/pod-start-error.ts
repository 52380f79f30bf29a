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
