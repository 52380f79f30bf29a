import type { Repetition } from "../../results/cell-record.ts";
import { emptyRepetition } from "../empty-repetition.ts";

/** A server-mode repetition that produced no result: its status, why, and how long it took. */
export function failedServerRepetition(
  index: number,
  startedMs: number,
  status: Repetition["status"],
  message: string,
): Repetition {
  const wallSeconds = (Date.now() - startedMs) / 1000;
  return {
    ...emptyRepetition(index, status, message, wallSeconds),
    startupMs: null,
    sidecarCpuSeconds: null,
  };
}
