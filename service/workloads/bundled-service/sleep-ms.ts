/** Resolves after `ms` (at once when it is not positive). */
export function sleepMs(ms: number): Promise<void> {
  return ms > 0 ? Bun.sleep(ms) : Promise.resolve();
}
