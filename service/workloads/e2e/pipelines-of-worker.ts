/**
 * How many of the step's `pipelines` (a topic each, with its own subscribers) worker `worker` of `workers` runs:
 * an even split, and at least one, so every worker has a topic to publish to.
 */
export function pipelinesOfWorker(pipelines: number, worker: number, workers: number): number {
  const base = Math.floor(pipelines / workers);
  return Math.max(1, base + (worker < pipelines % workers ? 1 : 0));
}
