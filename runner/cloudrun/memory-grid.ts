import { GIB, MIB } from "../units/units.ts";
import { CLOUD_RUN_LIMITS } from "./cloud-run-limits.ts";

/**
 * The memory sizes Cloud Run's console offers, 128 MiB to 32 GiB by doubling: the steps the memory search walks
 * (any size between is deployable; these are the ones people pick and compare).
 */
export const CLOUD_RUN_MEMORY_GRID: readonly number[] = [
  128 * MIB,
  256 * MIB,
  512 * MIB,
  GIB,
  2 * GIB,
  4 * GIB,
  8 * GIB,
  16 * GIB,
  32 * GIB,
];

/** The grid's sizes from `fromBytes` to `toBytes`, ascending; `toBytes` is kept even when off the grid. */
export function memoryGrid(fromBytes: number, toBytes: number): number[] {
  const inside = CLOUD_RUN_MEMORY_GRID.filter((size) => size >= fromBytes && size < toBytes);
  return [...inside, toBytes];
}

/** The least memory an execution environment accepts: gen1 128 MiB, gen2 512 MiB. */
export function minMemoryFor(environment: "gen1" | "gen2"): number {
  return environment === "gen2" ? CLOUD_RUN_LIMITS.gen2MinMemoryBytes : CLOUD_RUN_LIMITS.minMemoryBytes;
}
