import os from "node:os";

/** What labels this process's containers, so a later run can tell its orphans from live runs. */
export function ownerContext(runId: string, commit: string | null) {
  return { runId, commit, ownerPid: process.pid, ownerHost: os.hostname() };
}
