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
    // When (the step and its rate), and the RSS on the way there: an OOM is a memory finding, never a ceiling.
    const when =
      failure?.kind === "service-stopped" ? `: ${failure.message.replace(/^the service /, "")}` : "";
    const series = rssSeriesText(facts.stats, cell.memoryBytes);
    return {
      status: "oom",
      message: `killed by the kernel OOM killer under load at the memory limit (${evidence})${when}${series ? `; ${series}` : ""}`,
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

const MIB = 2 ** 20;
const SERIES_POINTS = 6;

/** "RSS 133, 160, 201, 248, 255 MiB of 256 over 4.5 s": a few of the sampled points, evenly spread, the last kept. */
export function rssSeriesText(stats: RunFacts["stats"], limitBytes: number): string | null {
  const samples = stats?.samples ?? [];
  if (samples.length === 0) return null;
  const stride = Math.max(1, Math.ceil(samples.length / SERIES_POINTS));
  const picked = samples.filter((_, i) => i % stride === 0 || i === samples.length - 1);
  const values = picked.map((s) => Math.round(s.memoryBytes / MIB)).join(", ");
  const seconds = ((samples.at(-1)?.elapsedMs ?? 0) / 1000).toFixed(1);
  return `RSS ${values} MiB of ${Math.round(limitBytes / MIB)} over ${seconds} s`;
}
