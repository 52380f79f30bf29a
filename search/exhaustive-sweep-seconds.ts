import type { LoadStep } from "../contract/result.ts";

/** Where the reference sweep starts, as a fraction of the closed-loop probe's estimate (the seed plan's lowest step). */
export const SWEEP_START_FRACTION = 0.5;

/**
 * The cost of the exhaustive sweep a search replaces, at the same resolution r. The sweep has the same probe and
 * fixes its start before it knows the answer: S = 50% of the probe's estimate. It then walks in fixed steps of
 * w = r x R, where R is the rate the search settled on (its ceiling, else its best passing rate, else the lowest rate
 * it offered), until a step lands on the other side of R: up from S when R >= S (the passes up to R, then the
 * first failure: floor((R - S) / w) + 2 steps), down when R < S (the failures down to R, then the first pass:
 * ceil((S - R) / w) + 1 steps). Cost = probe seconds (the end probe too: a sweep needs the same check) + steps x the search's mean load-step seconds. It depends on
 * the probe and on R only, never on the path the search took, so a search cannot enlarge it by wandering; the
 * sweep gets no confirmation step while the search pays for its own.
 */
export function exhaustiveSweepSeconds(
  steps: readonly LoadStep[],
  resolution: number,
  referencePerSec: number,
): number {
  const probes = steps.filter((s) => s.phase === "probe");
  const probeSeconds = probes.reduce((sum, s) => sum + s.durationMs / 1000, 0);
  const load = steps.filter((s) => s.phase !== "probe");
  if (load.length === 0 || referencePerSec <= 0 || resolution <= 0) return probeSeconds;
  const meanStepSeconds = load.reduce((sum, s) => sum + s.durationMs / 1000, 0) / load.length;
  const estimate = probes[0]?.achievedPerSec ?? 0;
  const start =
    estimate > 0 ? SWEEP_START_FRACTION * estimate : Math.min(...load.map((s) => s.offeredPerSec));
  const width = resolution * referencePerSec;
  const distance = (referencePerSec - start) / width;
  const count = distance >= 0 ? Math.floor(distance + 1e-9) + 2 : Math.ceil(-distance - 1e-9) + 1;
  return probeSeconds + count * meanStepSeconds;
}
