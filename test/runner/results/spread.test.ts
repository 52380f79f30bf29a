import { expect, test } from "bun:test";
import { spread } from "../../../runner/results/statistics.ts";

test("spread: median of an even count, sample CV", () => {
  const s = spread([4, 1, 3, 2]);
  expect(s?.median).toBe(2.5);
  expect(s?.min).toBe(1);
  expect(s?.max).toBe(4);
  expect(s?.cv).toBeCloseTo(Math.sqrt(5 / 3) / 2.5, 10);
});

test("spread of one value has CV 0; of none is null", () => {
  expect(spread([7])?.cv).toBe(0);
  expect(spread([])).toBeNull();
});
