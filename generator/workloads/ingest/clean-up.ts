/** Runs every cleanup call (each bounded by its client); failures are logged, not thrown: the step's figures stand. */
export async function cleanUp(
  calls: Array<() => Promise<unknown>>,
  log: (line: string) => void,
): Promise<void> {
  const results = await Promise.allSettled(calls.map((call) => call()));
  for (const r of results) if (r.status === "rejected") log(`cleanup: ${(r.reason as Error).message}`);
}
