import type { BenchResult } from "../../../contract/result.ts";
import type { RunFacts } from "../../drivers/execution-driver.ts";
import type { Cell } from "../../plan/cell.ts";
import { type Classification, isGcThrash } from "../classify-repetition.ts";

const RAW_STDOUT_MAX_CHARS = 64 * 1024;

/** How a server-mode search stopped early (null: it completed). */
export interface SearchFailure {
  kind: "service-stopped" | "bad-output" | "generator-timeout" | "timeout";
  message: string;
  rawStdout: string | null;
}

export interface ServerObservation {
  cell: Cell;
  facts: RunFacts;
  failure: SearchFailure | null;
  result: BenchResult | null;
}

/** timeout/gc-thrash, then OOM under load, a crash mid-search, garbage generator output, else ok: one status each. */
export function serverVerdict(o: ServerObservation): Classification {
  const { cell, facts, failure } = o;
  const none = { result: null, rawStdout: null };
  if (failure?.kind === "timeout") {
    if (isGcThrash(facts.stats, cell.memoryBytes, cell.cpus)) {
      const message = `hung at the memory limit with the CPU saturated until the ${cell.timeoutSeconds} s timeout (GC thrash)`;
      return { status: "gc-thrash", message, ...none };
    }
    return {
      status: "timeout",
      message: `the search was still running at the ${cell.timeoutSeconds} s timeout`,
      ...none,
    };
  }
  if (facts.oomKilled || (facts.oomEvent && failure?.kind === "service-stopped")) {
    const evidence = [facts.oomKilled && "OOMKilled", facts.oomEvent && "oom event"]
      .filter(Boolean)
      .join(", ");
    return {
      status: "oom",
      message: `killed by the kernel OOM killer under load at the memory limit (${evidence})`,
      ...none,
    };
  }
  if (failure?.kind === "service-stopped") {
    const lastLine = facts.stderr.trimEnd().split("\n").at(-1)?.trim() || "no stderr";
    return { status: "crash", message: `${failure.message}: exit ${facts.exitCode}, ${lastLine}`, ...none };
  }
  if (failure?.kind === "generator-timeout") return { status: "timeout", message: failure.message, ...none };
  if (failure?.kind === "bad-output")
    return {
      status: "bad-output",
      message: `bad output (generator): ${failure.message}`,
      result: null,
      rawStdout: failure.rawStdout?.slice(0, RAW_STDOUT_MAX_CHARS) ?? null,
    };
  if (!o.result) return { status: "crash", message: "the search produced no result", ...none };
  return { status: "ok", message: "ok", result: o.result, rawStdout: null };
}
