/** One workload of a mix: its share of the requests and one instance's planning ceiling for it alone. */
export interface MixPart {
  share: number;
  ceilingPerSec: number;
}

/**
 * One instance's capacity for a mix of CPU-additive workloads: a request of workload i costs 1 ÷ ceilingᵢ of an
 * instance-second, so a mixed request costs Σ shareᵢ ÷ ceilingᵢ and the instance serves 1 ÷ Σ(shareᵢ ÷ ceilingᵢ)
 * per second (shares sum to 1). null when any part has no ceiling.
 */
export function mixedCapacity(parts: readonly MixPart[]): number | null {
  if (parts.length === 0 || parts.some((p) => !(p.ceilingPerSec > 0))) return null;
  const total = parts.reduce((sum, p) => sum + p.share, 0);
  if (!(total > 0)) return null;
  const secondsPerRequest = parts.reduce((sum, p) => sum + p.share / total / p.ceilingPerSec, 0);
  return 1 / secondsPerRequest;
}

/** The assumption behind mixedCapacity, as the reports print it. */
export const MIXED_CAPACITY_ASSUMPTION =
  "mixed capacity = 1 ÷ Σ(share ÷ planning ceiling): the endpoints are assumed CPU-additive (each request costs its " +
  "own endpoint's measured instance time, and endpoints neither speed up nor slow down one another); a `requests:` " +
  "mix cell measures the real mix when caches, locks or GC couple them";
