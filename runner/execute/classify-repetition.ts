import { BadOutputError, parseResult } from "../../contract/parse-result.ts";
import type { BenchResult } from "../../contract/result.ts";
import type { DockerStats, RepetitionStatus } from "../results/cell-record.ts";
import {
  CONTENDED_OTHER_CORES,
  GC_THRASH_CPU_SHARE,
  GC_THRASH_LAST_SAMPLES,
  GC_THRASH_MEMORY_SHARE,
  OOM_EXIT_CODE,
  STDERR_TAIL_LINES,
} from "./execute-defaults.ts";

const RAW_STDOUT_MAX_CHARS = 64 * 1024;

/** What was seen of one finished (or killed) container. */
export interface RepetitionObservation {
  exitCode: number | null;
  timedOut: boolean;
  timeoutSeconds: number;
  oomKilled: boolean;
  oomEvent: boolean;
  stdout: string;
  stderr: string;
  stats: DockerStats | null;
  memoryLimitBytes: number;
  cpus: number;
}

export interface Classification {
  status: RepetitionStatus;
  message: string;
  result: BenchResult | null;
  rawStdout: string | null;
}

/** Decides how a repetition ended: timeout/gc-thrash, oom, crash, bad-output or ok, in that order (drift-verdict.ts may then turn ok into drifted). */
export function classifyRepetition(o: RepetitionObservation): Classification {
  const none = { result: null, rawStdout: null };
  if (o.timedOut) {
    if (isGcThrash(o.stats, o.memoryLimitBytes, o.cpus)) {
      const message = `hung at the memory limit with the CPU saturated until the ${o.timeoutSeconds} s timeout (GC thrash)`;
      return { status: "gc-thrash", message, ...none };
    }
    return {
      status: "timeout",
      message: `still running at the ${o.timeoutSeconds} s timeout: killed`,
      ...none,
    };
  }
  if (o.oomKilled || (o.oomEvent && o.exitCode !== 0)) {
    const evidence = [
      o.oomKilled && "OOMKilled",
      o.exitCode === OOM_EXIT_CODE && "exit 137",
      o.oomEvent && "oom event",
    ];
    const message = `killed by the kernel OOM killer at the memory limit (${evidence.filter(Boolean).join(", ")})`;
    return { status: "oom", message, ...none };
  }
  if (o.exitCode !== 0) {
    const lastLine = o.stderr.trimEnd().split("\n").at(-1)?.trim() || "no stderr";
    return { status: "crash", message: `exited with code ${o.exitCode}: ${lastLine}`, ...none };
  }
  try {
    return { status: "ok", message: "ok", result: parseResult(o.stdout), rawStdout: null };
  } catch (error) {
    if (!(error instanceof BadOutputError)) throw error;
    const firstLine = error.message.split("\n")[0] ?? error.kind;
    return {
      status: "bad-output",
      message: `bad output (${error.kind}): ${firstLine}`,
      result: null,
      rawStdout: o.stdout.slice(0, RAW_STDOUT_MAX_CHARS),
    };
  }
}

/** Other host load this high (in cores, outside the measured containers) disturbs a repetition. */
export function isContended(hostOtherCpuCores: number | null): boolean {
  return hostOtherCpuCores !== null && hostOtherCpuCores >= CONTENDED_OTHER_CORES;
}

/**
 * A hung container that sat at its memory limit with the CPU saturated: the GC fighting for the last pages. Saturated
 * means min(cpus, 1) core busy: a thrashing JavaScript thread uses about one core however many the cell has.
 */
export function isGcThrash(stats: DockerStats | null, memoryLimitBytes: number, cpus: number): boolean {
  const last = stats?.samples.slice(-GC_THRASH_LAST_SAMPLES) ?? [];
  if (last.length < GC_THRASH_LAST_SAMPLES) return false;
  return last.every(
    (s) =>
      s.memoryBytes >= memoryLimitBytes * GC_THRASH_MEMORY_SHARE &&
      s.cpuPercent >= Math.min(cpus, 1) * 100 * GC_THRASH_CPU_SHARE,
  );
}

/** The last lines of a container's stderr: enough to see why it died, small enough for a record. */
export function stderrTail(stderr: string, lines: number = STDERR_TAIL_LINES): string {
  return stderr.trimEnd().split("\n").slice(-lines).join("\n");
}
