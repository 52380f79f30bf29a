// The ceiling search's cost and accuracy over many simulated cells (no containers): for each family of cells, the
// cost ratio (search seconds / the exhaustive sweep's, search/exhaustive-sweep-seconds.ts) and the ceiling's error
// against the simulated capacity, and the share of searches flagged drifted (search/search-drift.ts: 0 on the
// stationary families, the detection rate on the drifting ones). A figure, not an assertion. Usage: bun bench/search-cost.ts [--cells=400] [--seed=1]
import { z } from "zod";
import { ceilingSearch } from "../search/ceiling-search.ts";
import { parseBenchFlags } from "./parse-bench-flags.ts";
import { CELL_FAMILIES } from "./search/cell-families.ts";
import { simulateFamily } from "./search/simulate-family.ts";

const Flags = z
  .object({
    cells: z.coerce.number().int().min(1).max(100_000).default(400),
    seed: z.coerce.number().int().min(0).default(1),
  })
  .strict();
const flags = parseBenchFlags("search-cost", Flags);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const pct = (value: number) => `${(100 * value).toFixed(1)}%`;

console.log(
  `search-cost: ${flags.cells} simulated cells per family, seed ${flags.seed}, +-3% noise per step unless the family says`,
);
console.log(
  "family                      | cost ratio mean  p50   p90 | steps mean | error mean  |err| p90  |err| max | unconfirmed | drifted",
);
for (const family of CELL_FAMILIES) {
  const runs = await simulateFamily(ceilingSearch, family, flags.cells, flags.seed);
  const ratios = runs.map((r) => r.costRatio);
  const errors = runs.flatMap((r) => (r.error === null ? [] : [r.error]));
  const absolute = errors.map(Math.abs);
  console.log(
    [
      family.name.padEnd(27),
      `           ${mean(ratios).toFixed(2)}  ${quantile(ratios, 0.5).toFixed(2)}  ${quantile(ratios, 0.9).toFixed(2)}`,
      `      ${mean(runs.map((r) => r.result.steps.length))
        .toFixed(1)
        .padStart(4)}`,
      `     ${pct(mean(errors)).padStart(6)}     ${pct(quantile(absolute, 0.9)).padStart(6)}    ${pct(Math.max(...absolute)).padStart(6)}`,
      `   ${`${runs.length - errors.length}/${runs.length}`.padStart(9)}`,
      `  ${runs.filter((r) => r.result.drift !== null).length}/${runs.length}`,
    ].join(" |"),
  );
}
