/** Request-based billing's busy share: the part of an instance's time Cloud Run bills under --cpu-throttling. */

export interface BusyShareInput {
  /** Requests per second one instance receives at the target. */
  perInstancePerSec: number;
  /** The planning ceiling of one instance. */
  ceilingPerSec: number;
  /** Median latency at the ceiling: how long a request stays in flight (an upper bound below the ceiling). */
  p50Ms: number | null;
  concurrency: number;
}

/** Request-based billing counts instance time in 100 ms slots (cloud.google.com/run/pricing): a busy slot bills whole. */
export const BILLING_ROUND_SECONDS = 0.1;

/**
 * The share of time request-based billing charges an instance for (cloud.google.com/run/pricing): 100 ms slots in
 * which at least one request is in flight, each billed whole. A slot is free only when the instance is idle at its
 * start (probability 1 − ρ at concurrency 1, ρ = λ ÷ ceiling; e^(−λ·W) above, M/G/∞) and no request arrives within
 * it (e^(−λ·0.1), Poisson arrivals). No latency known: always busy.
 */
export function requestBusyShare(input: BusyShareInput): number {
  if (input.ceilingPerSec <= 0) return 1;
  if (input.perInstancePerSec <= 0) return 0;
  const noArrival = Math.exp(-input.perInstancePerSec * BILLING_ROUND_SECONDS);
  if (input.concurrency <= 1)
    return 1 - Math.max(0, 1 - input.perInstancePerSec / input.ceilingPerSec) * noArrival;
  if (input.p50Ms === null) return 1;
  return 1 - Math.exp(-input.perInstancePerSec * (input.p50Ms / 1000)) * noArrival;
}
