import { expect, test } from "bun:test";
import { memoryPressureRecords } from "../../../runner/results/memory-pressure.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";

// stepCores: the CPU each step kept busy, so CPU per request = cores ÷ rate: one core at a lower ceiling costs more a request.
const at = (memoryMiB: number, ceilingPerSec: number, stepCores: number, smol = false) =>
  fakeCellRecord({ cpus: 1, memoryMiB, smol, ceilingPerSec, stepCores, ceilingJitter: 0 });

test("a smaller size >10% below the largest's ceiling, with CPU per request up, is memory-pressure; the share explained", () => {
  const records = [at(1024, 1000, 1), at(256, 600, 1), at(512, 950, 1)];
  const restated = memoryPressureRecords(records);
  expect(restated.map((r) => [r.cell.memoryBytes / 2 ** 20, r.status])).toEqual([[256, "memory-pressure"]]);
  // 1/600 against 1/1000 a request: +67%; a CPU-bound service would lose 1 − 1/1.67 = 40%, the whole 40% drop.
  expect(restated[0]?.message).toMatch(
    /^memory pressure: the ceiling is 40% below 1Gi's and CPU per request rose 67% \(more collection\), which accounts for 100% of the slowdown; /,
  );
  // Its figures stay to read.
  expect(restated[0]?.summary.ceilingPerSec?.median).toBe(records[1]?.summary.ceilingPerSec?.median);
});

test("no finding when the CPU per request did not rise, across --smol, or without a larger ok size", () => {
  // 0.6 cores at 600/s: the same CPU a request; something else slowed it.
  expect(memoryPressureRecords([at(1024, 1000, 1), at(256, 600, 0.6)])).toEqual([]);
  expect(memoryPressureRecords([at(1024, 1000, 1), at(256, 600, 1, true)])).toEqual([]);
  expect(memoryPressureRecords([at(256, 600, 1)])).toEqual([]);
  // Partly explained: CPU per request +20% explains 1 − 1/1.2 = 17% of a 40% drop, about 42%.
  const [partly] = memoryPressureRecords([at(1024, 1000, 1), at(256, 600, 0.72)]);
  expect(partly?.message).toContain("rose 20% (more collection), which accounts for 42% of the slowdown");
});
