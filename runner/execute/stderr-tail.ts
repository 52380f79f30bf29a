import { STDERR_TAIL_LINES } from "./execute-defaults.ts";

/** The last lines of a container's stderr: enough to see why it died, small enough for a record. */
export function stderrTail(stderr: string, lines: number = STDERR_TAIL_LINES): string {
  return stderr.trimEnd().split("\n").slice(-lines).join("\n");
}
