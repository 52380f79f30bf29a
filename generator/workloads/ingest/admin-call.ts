/** A step's service (127.0.0.1) and the step's bound on a call. */
export interface ServiceTarget {
  baseUrl: string;
  timeoutMs: number;
}

/** Setup and cleanup calls get at least this long: a step's timeoutMs follows its SLO and may be far less. */
export const MIN_ADMIN_TIMEOUT_MS = 5000;

/**
 * One bounded admin call to the service (create or delete a topic or subscription, read stats): the answer's JSON
 * (null when empty), or an error naming the call and the service's answer, so a failed setup says what failed.
 */
export async function adminCall(
  target: ServiceTarget,
  method: "GET" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
): Promise<unknown> {
  const what = `${method} ${target.baseUrl}${path}`;
  let response: Response;
  try {
    response = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(Math.max(MIN_ADMIN_TIMEOUT_MS, target.timeoutMs)),
    });
  } catch (error) {
    throw new Error(`${what} failed: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status < 200 || response.status >= 300)
    throw new Error(`${what} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  return text === "" ? null : JSON.parse(text);
}

/** Runs every cleanup call (bounded each); failures are logged, not thrown: the step's figures stand. */
export async function cleanUp(
  calls: Array<() => Promise<unknown>>,
  log: (line: string) => void,
): Promise<void> {
  const results = await Promise.allSettled(calls.map((call) => call()));
  for (const r of results) if (r.status === "rejected") log(`cleanup: ${(r.reason as Error).message}`);
}
