import type { ErrorCause } from "../../../contract/step-causes.ts";

/** How one HTTP/1.1 request ended; an Outcome too (ok, status, cause, doneAtMs), so a workload may return it as is. */
export interface Http1Answer {
  /** The status was one the request expects (200–399 unless it says otherwise). */
  ok: boolean;
  /** The status; 0 when there was none (a network or protocol error, a timeout, no connection to spare). */
  status: number;
  /** The body, when it was asked for and there was an answer; else null. */
  body: Buffer | null;
  /** When the answer's last bytes arrived (performance.now()). */
  doneAtMs?: number;
  /** Why there was no status; null when there was one. */
  cause: ErrorCause | null;
  /** Sent a second time, on a new connection, after a reused one closed before any response byte. */
  retried: boolean;
  /** What went wrong, in words, when the bytes were not HTTP/1.x (e.g. a head over 64 KiB). */
  error?: string;
}

/** The answer of a request that got none. */
export function failedAnswer(cause: ErrorCause, retried: boolean, error?: string): Http1Answer {
  return error === undefined
    ? { ok: false, status: 0, body: null, cause, retried }
    : { ok: false, status: 0, body: null, cause, retried, error };
}
