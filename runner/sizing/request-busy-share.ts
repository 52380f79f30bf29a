export interface BusyShareInput {
  /** Requests per second one instance receives at the target. */
  perInstancePerSec: number;
  /** The planning ceiling of one instance. */
  ceilingPerSec: number;
  /** Median latency at the ceiling: how long a request stays in flight (an upper bound below the ceiling). */
  p50Ms: number | null;
  concurrency: number;
}

/**
 * The share of time an instance has at least one request in flight, which is what request-based billing charges
 * (cloud.google.com/run/pricing). At concurrency 1 it is the utilisation λ ÷ ceiling (one request at a time); above,
 * requests overlap, and with n in flight Poisson(λ·W) (M/G/∞) it is 1 − e^(−λ·W). No latency known: always busy.
 */
export function requestBusyShare(input: BusyShareInput): number {
  if (input.ceilingPerSec <= 0) return 1;
  if (input.concurrency <= 1) return Math.min(1, input.perInstancePerSec / input.ceilingPerSec);
  if (input.p50Ms === null) return 1;
  return Math.min(1, 1 - Math.exp(-input.perInstancePerSec * (input.p50Ms / 1000)));
}
