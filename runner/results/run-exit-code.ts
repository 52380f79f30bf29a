import type { CellStatus } from "./cell-record.ts";
import type { RunRecord } from "./run-record.ts";

/** Statuses that mean the tool, the image or the engine failed; oom, timeout, gc-thrash, unstable, drifted are findings. */
const FAILED: ReadonlySet<CellStatus | "pending"> = new Set([
  "crash",
  "bad-output",
  "engine-lost",
  "pending",
]);

/** 0: the run completed and every cell produced a measurement or a finding; 1: failures; 130/143 are set elsewhere. */
export function runExitCode(record: RunRecord): number {
  if (record.state !== "complete") return 1;
  return record.cells.some((cell) => FAILED.has(cell.status)) ? 1 : 0;
}
