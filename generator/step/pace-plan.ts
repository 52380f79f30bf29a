/** One worker's share of a paced step, on its own thread's performance.now() clock. */
export interface PacePlan {
  kind: "open" | "closed";
  /** The whole step's rate (open) and planned operations; worker w takes operations w, w + workers, ... */
  ratePerSec: number | null;
  plannedRequests: number | null;
  /** This worker's concurrency share (at least 1). */
  concurrency: number;
  durationMs: number;
  drainMs: number;
  timeoutMs: number;
  rateFromMs: number | null;
  rateToMs: number | null;
  worker: number;
  workers: number;
  /** The step's common start (operation 0's intended time). */
  startMs: number;
}

/** A send this much after its intended time counts as late (slot waits included). */
export const LATE_MS = 10;
/** Past the last operation's timeout, the step ends anyway (a backstop; the timeout sweep normally ends it first). */
export const END_SLACK_MS = 1000;
/** A client that bounds its own calls by timeoutMs reports an error first; the pacer calls lost what never settled. */
export const LOST_GRACE_MS = 250;

/** When operations may no longer start: open loop after the drain, closed loop at the duration's end. */
export const stopSendingMs = (plan: Pick<PacePlan, "kind" | "startMs" | "durationMs" | "drainMs">): number =>
  plan.startMs + plan.durationMs + (plan.kind === "open" ? plan.drainMs : 0);

/** Open loop: the step's planned operations (rate x duration when the config leaves it out); closed: unbounded. */
export function plannedOperations(
  plan: Pick<PacePlan, "kind" | "plannedRequests" | "ratePerSec" | "durationMs">,
): number {
  if (plan.kind === "closed") return Number.POSITIVE_INFINITY;
  return plan.plannedRequests ?? Math.round(((plan.ratePerSec ?? 0) * plan.durationMs) / 1000);
}

/** The promise's value, or a rejection naming `what` if it takes longer than ms (the step stays bounded). */
export function within<T>(promise: Promise<T> | T, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms)} ms`)), ms);
  });
  return Promise.race([Promise.resolve(promise), late]).finally(() => clearTimeout(timer));
}
