import type { Repetition } from "../results/cell-record.ts";

/** A repetition that ended before it produced anything: no result, no stats, only its status and why. */
export function emptyRepetition(
  index: number,
  status: Repetition["status"],
  message: string,
  wallSeconds: number,
): Repetition {
  return {
    index,
    status,
    message,
    exitCode: null,
    wallSeconds,
    result: null,
    stderrTail: "",
    rawStdout: null,
    oomKilled: false,
    oomEvent: false,
    applied: null,
    limitMismatches: [],
    stats: null,
  };
}
