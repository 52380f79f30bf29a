import { expect, test } from "bun:test";
import { ceilingStatistics } from "../../../runner/results/statistics.ts";

test("agreeing repetitions: median, CV under 5%, not disagreeing", () => {
  const s = ceilingStatistics([1000, 1010, 990]);
  expect(s.ceilingPerSec?.median).toBe(1000);
  expect(s.disagrees).toBe(false);
});

test("a repetition that confirmed nothing counts as 0/s: the median drops and the cell disagrees", () => {
  const one = ceilingStatistics([1000, null, 1010]);
  expect(one.ceilingPerSec?.median).toBe(1000);
  expect(one.ceilingPerSec?.min).toBe(0);
  expect(one.unconfirmedRepetitions).toBe(1);
  expect(one.disagrees).toBe(true);
  // two of three unconfirmed: the typical repetition confirmed nothing
  expect(ceilingStatistics([1000, null, null]).ceilingPerSec?.median).toBe(0);
});

test("a CV over 5% disagrees; none confirmed is no ceiling (not a disagreement); no search is left out", () => {
  expect(ceilingStatistics([1000, 1100, 900]).disagrees).toBe(true);
  expect(ceilingStatistics([null, null])).toMatchObject({ ceilingPerSec: null, disagrees: false });
  expect(ceilingStatistics([undefined, 1000]).searchedRepetitions).toBe(1);
});
