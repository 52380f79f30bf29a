/** A modelled service: `capacityPerSec` requests/s; p99 5 ms below it, 500 ms above; `dieAfterSteps` kills it. */
export interface ServiceModel {
  capacityPerSec: number;
  cpuSecondsPerRequest: number;
  dieAfterSteps?: number;
  oomOnDeath?: boolean;
  garbageAfterSteps?: number;
  /** After its first overloaded step the service keeps only this share of its capacity (0.7: 30% slower). */
  slowAfterFirstOverload?: number;
  startError?: Error;
  /** A fixed-shape run: the generator prints this instead of a step (or times out when "timeout"). */
  fixedStdout?: string;
  /** The generator's own send lag p99 it reports at offered rates above `lagAbovePerSec` (default: punctual, 0.5 ms). */
  generatorLagMs?: number;
  lagAbovePerSec?: number;
  /** What changes at a memory limit (the service's container's), e.g. an OOM below one size. */
  atMemory?: (memoryBytes: number) => Partial<ServiceModel>;
}
