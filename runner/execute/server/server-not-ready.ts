import { PodStartError } from "../../drivers/driver-error.ts";
import type { Repetition } from "../../results/cell-record.ts";
import { stderrTail } from "../classify-repetition.ts";
import { failedServerRepetition } from "./failed-server-repetition.ts";

/** A pod that never became ready: an OOM or exit while starting, a slow start, or a sidecar that failed. */
export function serverNotReady(
  index: number,
  cell: { timeoutSeconds: number; service: { readyPath: string } },
  startedMs: number,
  error: unknown,
  timedOut: boolean,
) {
  const reason = error instanceof Error ? error.message : String(error);
  const facts = error instanceof PodStartError ? error.facts : null;
  const failed = (status: Repetition["status"], message: string): Repetition => ({
    ...failedServerRepetition(index, startedMs, status, message),
    ...(facts && {
      exitCode: facts.exitCode,
      stderrTail: stderrTail(facts.stderr),
      oomKilled: facts.oomKilled,
      oomEvent: facts.oomEvent,
      applied: facts.applied,
      stats: facts.stats,
    }),
  });
  if (facts?.oomKilled || (facts?.oomEvent && facts.exitCode !== 0))
    return failed("oom", `killed by the kernel OOM killer while starting, at the memory limit: ${reason}`);
  if (timedOut)
    return failed("timeout", `did not start within the ${cell.timeoutSeconds} s timeout: ${reason}`);
  if (error instanceof PodStartError && error.failure === "service-not-ready")
    return failed("timeout", `never answered 2xx on ${cell.service.readyPath}: ${reason}`);
  return failed("crash", `did not start: ${reason}`);
}
