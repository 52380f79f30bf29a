/** The p-th percentile (0..100) of `values`, linearly interpolated between ranks; 0 if none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const lower = sorted[low] as number;
  const upper = sorted[Math.min(low + 1, sorted.length - 1)] as number;
  return lower + (upper - lower) * (rank - low);
}
