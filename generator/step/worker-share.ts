/** How many workers a step runs: never more than its concurrency (each needs a slot). */
export const workerCount = (workers: number, concurrency: number): number =>
  Math.max(1, Math.min(workers, concurrency));

/** Worker w's share of the concurrency, as even as possible (the first `concurrency % workers` get one more). */
export const concurrencyShare = (concurrency: number, worker: number, workers: number): number =>
  Math.floor(concurrency / workers) + (worker < concurrency % workers ? 1 : 0);

/** A clock every thread shares (performance.now() has a per-thread origin): monotonic ms. */
export function sharedClockMs(): number {
  const [seconds, nanos] = process.hrtime();
  return seconds * 1000 + nanos / 1e6;
}
