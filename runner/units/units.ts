/** The tool's units and how its reports write them: bytes, Docker's nano-units, durations, sizes and rates. */

/** Binary byte units, in one place. */
export const KIB = 1024;
export const MIB = 1024 * KIB;
export const GIB = 1024 * MIB;

/** Docker counts CPU in billionths: NanoCpus for a limit, nanoseconds for CPU time. The one place the billion is written. */
const NANOS_PER_UNIT = 1e9;

/** Docker's HostConfig.NanoCpus of a CPU count (`--cpus`), whole nano-CPUs. */
export const nanoCpusOf = (cpus: number): number => Math.round(cpus * NANOS_PER_UNIT);

/** The CPU count (`--cpus`) of a NanoCpus value. */
export const cpusOfNanoCpus = (nanoCpus: number): number => nanoCpus / NANOS_PER_UNIT;

/** Seconds of a time counted in nanoseconds (cgroup and Docker stats CPU counters). */
export const secondsOfNanos = (nanos: number): number => nanos / NANOS_PER_UNIT;

/** The one duration format of the tool: 9 -> "9s", 75 -> "1m15s", 3725 -> "1h02m". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** A size as the findings and every report write it: "0.5 vCPU / 256 MiB --smol". */
export const sizeLabel = (c: { cpus: number; memoryBytes: number; smol: boolean }): string =>
  `${c.cpus} vCPU / ${Math.round(c.memoryBytes / MIB)} MiB${c.smol ? " --smol" : ""}`;

/** A rate for a sentence, in the unit its cells count ("/s" alone when the sizing carries none: older files). */
export const rateText = (perSec: number, unit: string | undefined) =>
  `${Math.round(perSec).toLocaleString("en-US")}${unit ? ` ${unit}` : "/s"}`;
