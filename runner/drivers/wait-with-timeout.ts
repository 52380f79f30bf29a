export type WaitOutcome = { kind: "exited"; exitCode: number } | { kind: "timeout" } | { kind: "aborted" };

/** Waits for the container's exit, the timeout or the abort signal, whichever comes first. */
export async function waitWithTimeout(
  wait: Promise<number>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<WaitOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const timeout = new Promise<WaitOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "timeout" }), timeoutMs);
  });
  const aborted = new Promise<WaitOutcome>((resolve) => {
    if (signal?.aborted) resolve({ kind: "aborted" });
    onAbort = () => resolve({ kind: "aborted" });
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([
      wait.then((exitCode): WaitOutcome => ({ kind: "exited", exitCode })),
      timeout,
      aborted,
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}
