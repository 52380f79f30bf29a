/** Time source for batching, ack deadlines and retry backoff; injectable so tests can run without waiting. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Arms a timer that does not keep the process alive (lease/backoff bookkeeping only). */
export function setBackgroundTimeout(clock: Clock, fn: () => void, ms: number): unknown {
  const handle = clock.setTimeout(fn, ms);
  (handle as { unref?: () => void } | null)?.unref?.();
  return handle;
}
