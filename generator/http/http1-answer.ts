/** How one HTTP/1.1 request ended; an Outcome too (ok, doneAtMs), so a workload may return it as is. */
export interface Http1Answer {
  /** A 2xx status. */
  ok: boolean;
  /** The status; 0 when there was none (a network or protocol error, a timeout, no connection to spare). */
  status: number;
  /** The body, when it was asked for and there was an answer; else null. */
  body: Buffer | null;
  /** When the answer's last bytes arrived (performance.now()). */
  doneAtMs?: number;
}

/** The answer of a request that got none. */
export const NO_ANSWER: Http1Answer = Object.freeze({ ok: false, status: 0, body: null });
