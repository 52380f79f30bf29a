import { median } from "../results/statistics.ts";
import { rateText } from "../units/units.ts";
import type { CellSizing } from "./cell-sizing.ts";

/** 2 vCPU within this share of 1 vCPU means more CPUs do not help. */
export const SINGLE_THREAD_TOLERANCE = 0.1;
/** CPU cores busy at the ceiling that read as "about one core": a single JavaScript thread saturated. */
export const ONE_CORE_MIN_CORES = 0.75;
export const ONE_CORE_MAX_CORES = 1.3;
/** Below this many cores at the ceiling (well under one core, let alone the limit) the CPU is not what limits it. */
export const NOT_CPU_BOUND_MAX_CORES = 0.6;

const EVIDENCE = {
  step: "the confirming step's own process CPU",
  "docker-stats": "Docker stats of the repetition, 90th percentile",
} as const;

interface FlatPair {
  one: CellSizing;
  two: CellSizing;
  gain: number;
}

const ceilingOf = (c: CellSizing) => c.ceilingPerSec?.median ?? 0;

/** Why the ceiling stays flat, from the CPU the 2-vCPU cells kept busy at their ceilings (never assumed). */
function cause(flat: FlatPair[]): string {
  const withCpu = flat.map((p) => p.two).filter((c) => typeof c.cpuCoresAtCeiling === "number");
  if (withCpu.length === 0)
    return "No CPU figure at the ceiling was recorded, so the cause is not named: look at each cell's CPU.";
  const cores = median(withCpu.map((c) => c.cpuCoresAtCeiling as number)) as number;
  const fromSteps = withCpu.some((c) => c.cpuEvidence === "step");
  const busy = `At the 2 vCPU ceiling the process kept ${cores.toFixed(2)} cores busy (${EVIDENCE[fromSteps ? "step" : "docker-stats"]})`;
  if (cores >= ONE_CORE_MIN_CORES && cores <= ONE_CORE_MAX_CORES)
    return (
      `${busy}: about one core, so the workload is single-threaded JavaScript. ` +
      "Google recommends 1 vCPU for single-threaded apps: scale out with more instances, not up."
    );
  if (cores < NOT_CPU_BOUND_MAX_CORES)
    return (
      `${busy}: well below the limit, so it is not CPU-bound; something other than CPU paces it ` +
      "(timers, I/O or waits). More CPUs will not help: scale out, or shorten what it waits for."
    );
  if (cores > ONE_CORE_MAX_CORES)
    return `${busy}: more than one core, yet the ceiling stays flat: something shared limits it (a lock, GC or memory bandwidth).`;
  return `${busy}: neither about one core nor well below it, so the cause is not named.`;
}

/** "More CPUs do not raise the ceiling", when most 1 vs 2 vCPU pairs stay flat, with the CPU evidence for why. */
export function flatCeilingFindings(cells: CellSizing[]): string[] {
  const pairs: FlatPair[] = [];
  for (const two of cells.filter((c) => c.cpus === 2 && c.ceilingPerSec)) {
    const one = cells.find(
      (c) => c.cpus === 1 && c.memoryBytes === two.memoryBytes && c.smol === two.smol && c.ceilingPerSec,
    );
    if (!one || ceilingOf(one) <= 0) continue;
    pairs.push({ one, two, gain: ceilingOf(two) / ceilingOf(one) - 1 });
  }
  const flat = pairs.filter((p) => p.gain <= SINGLE_THREAD_TOLERANCE);
  if (pairs.length === 0 || flat.length * 2 < pairs.length) return [];
  const example = flat[0] as FlatPair;
  return [
    `More CPUs do not raise the ceiling: at 2 vCPU it stays within ${SINGLE_THREAD_TOLERANCE * 100}% of 1 vCPU ` +
      `in ${flat.length} of ${pairs.length} memory/--smol pairs (e.g. ${rateText(ceilingOf(example.two), example.two.rateUnit)} vs ${rateText(ceilingOf(example.one), example.one.rateUnit)}, ` +
      `${example.gain >= 0 ? "+" : ""}${(example.gain * 100).toFixed(0)}%). ${cause(flat)}`,
  ];
}
