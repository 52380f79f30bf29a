/**
 * Which host cores a pinned cell's service gets, and which the rest of its pod (generator, sidecars, holder) gets.
 * The one place cores are picked: the same cores on every run of a host of that size.
 */

/** The CPU views a cell can be measured under (matrix.yaml axes.cpuView). */
export const CPU_VIEWS = ["pinned", "shared"] as const;
export type CpuView = (typeof CPU_VIEWS)[number];
/** pinned: what Cloud Run's vCPUs look like when they are an instance's own; the default view. */
export const DEFAULT_CPU_VIEW: CpuView = "pinned";

/** Server mode's generator needs at least this many cores the service does not use (in-process mode has none). */
export const GENERATOR_MIN_CORES = 1;

export interface CoreAllocation {
  /** The service's own cores: the highest-numbered ceil(C) of the host. */
  service: number[];
  /** Every other online core: the generator, the sidecars and the pod's holder run there. */
  others: number[];
}

/** Whole cores a pinned cell of `cpus` vCPUs needs for itself (a fraction takes a core, under its quota). */
export function pinnedCoreCount(cpus: number): number {
  return Math.max(1, Math.ceil(cpus - 1e-9));
}

/** The host's online cores as Docker counts them (NCPU): 0..n-1. */
export function onlineCores(hostCores: number): number[] {
  return Array.from({ length: Math.max(0, Math.floor(hostCores)) }, (_, core) => core);
}

/**
 * Highest-numbered cores to the service, the rest to everything else; null when they do not fit with `spareCores`
 * left over (GENERATOR_MIN_CORES in server mode, 0 in-process).
 */
export function allocateCores(cpus: number, hostCores: number, spareCores: number): CoreAllocation | null {
  const online = onlineCores(hostCores);
  const own = pinnedCoreCount(cpus);
  if (own + spareCores > online.length) return null;
  return { service: online.slice(online.length - own), others: online.slice(0, online.length - own) };
}

/** Why a pinned cell does not fit this host (its cores plus `spareCores` for the generator); null when it does. */
export function pinnedMisfit(cpus: number, hostCores: number, spareCores: number): string | null {
  if (allocateCores(cpus, hostCores, spareCores)) return null;
  const own = pinnedCoreCount(cpus);
  const generator = spareCores > 0 ? ` plus ${spareCores} for the load generator` : "";
  return `needs ${own} core${own > 1 ? "s" : ""} of its own (cpuView pinned)${generator}, host has ${Math.floor(hostCores)}`;
}

/** Cores a cell must leave to others: the generator's in server mode, none in-process. */
export function spareCoresFor(mode: "scenario" | "service" | undefined): number {
  return mode === "service" ? GENERATOR_MIN_CORES : 0;
}

/** Docker's --cpuset-cpus text for a set of cores: "3", "2-3", "0,2". */
export function cpusetText(cores: readonly number[]): string {
  const sorted = [...new Set(cores)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++;
    ranges.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return ranges.join(",");
}

/** Parses a kernel CPU list ("0-3,6", as in cpuset.cpus or /sys/devices/system/cpu/online); null when malformed. */
export function parseCpuList(text: string): number[] | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const cores: number[] = [];
  for (const part of trimmed.split(",")) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!match) return null;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from || to - from > 4096) return null;
    for (let core = from; core <= to; core++) cores.push(core);
  }
  return cores;
}
