import type { CeilingSearchOptions, CeilingSearchResult } from "../../search/ceiling-search.ts";
import type { CellFamily } from "./cell-families.ts";
import { seededRandom, simulatedCell } from "./simulated-cell.ts";

export interface SimulatedSearch {
  result: CeilingSearchResult;
  /** Noise-free capacity at the confirming step (at the last step when nothing confirmed). */
  capacityPerSec: number;
  /** ceiling / capacity - 1; null when no ceiling was confirmed. */
  error: number | null;
  costRatio: number;
}

type Search = (options: CeilingSearchOptions) => Promise<CeilingSearchResult>;

/** Run `search` over `cells` simulated cells of one family, seeded, so the figures repeat exactly. */
export async function simulateFamily(
  search: Search,
  family: CellFamily,
  cells: number,
  seed: number,
): Promise<SimulatedSearch[]> {
  const random = seededRandom(seed);
  const runs: SimulatedSearch[] = [];
  for (let index = 0; index < cells; index++) {
    // Capacities from 100/s to 100,000/s: the search is scale-free, the bench checks that it is.
    const capacity = 100 * 1000 ** random();
    const cell = simulatedCell({
      ...family.spec(random),
      capacityPerSec: capacity,
      seed: seed * 7919 + index,
    });
    const result = await search({ probe: cell.probe, runStep: cell.runStep });
    const loadSteps = result.steps.filter((s) => s.phase !== "probe");
    const confirming = loadSteps.findLastIndex((s) => s.phase === "confirm" && s.sloMet);
    const capacityPerSec = cell.capacities[confirming >= 0 ? confirming : loadSteps.length - 1] ?? capacity;
    const ceiling = result.ceiling.ceilingPerSec;
    runs.push({
      result,
      capacityPerSec,
      error: ceiling === null ? null : ceiling / capacityPerSec - 1,
      costRatio: result.ceiling.searchSeconds / result.ceiling.exhaustiveSweepSeconds,
    });
  }
  return runs;
}
