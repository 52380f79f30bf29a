import type { SimulatedCellSpec } from "./simulated-cell.ts";

/** A kind of simulated cell: how its probe relates to its capacity, its noise, stalls and drift. */
export interface CellFamily {
  name: string;
  /** Stationary families are the ones the cost target applies to. */
  stationary: boolean;
  spec: (random: () => number) => Omit<SimulatedCellSpec, "seed" | "capacityPerSec">;
}

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();

/** The families the bench and the simulation test draw from (probe bias = probe estimate / capacity). */
export const CELL_FAMILIES: readonly CellFamily[] = [
  // Measured in-process cells: the ceiling sits at 0.94-1.13 x the closed-loop probe.
  { name: "in-process", stationary: true, spec: (r) => ({ probeBias: between(r, 0.88, 1.06) }) },
  {
    name: "in-process, 2% stalls",
    stationary: true,
    spec: (r) => ({ probeBias: between(r, 0.88, 1.06), stallChance: 0.02 }),
  },
  // The SLO binds before throughput does: the closed loop overestimates.
  {
    name: "SLO below closed loop",
    stationary: true,
    spec: (r) => {
      const bias = between(r, 1.1, 1.3);
      return { probeBias: bias, throughputFactor: bias };
    },
  },
  // Server mode with small concurrency: the closed loop is latency-bound and underestimates by about 30%.
  { name: "latency-bound probe", stationary: true, spec: (r) => ({ probeBias: between(r, 0.65, 0.75) }) },
  { name: "drifting -1%/step", stationary: false, spec: () => ({ probeBias: 1, driftPerStep: -0.01 }) },
];
