import { expect, test } from "bun:test";
import { median } from "../../../runner/results/statistics.ts";

test("median: the middle of an odd count, the mean of the two middle values of an even one, null for none", () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([7])).toBe(7);
  expect(median([])).toBeNull();
});

test("median leaves its input unsorted", () => {
  const values = [3, 1, 2];
  median(values);
  expect(values).toEqual([3, 1, 2]);
});
