import { describe, expect, test } from "bun:test";
import { planningCeiling } from "../../../runner/sizing/planning-ceiling.ts";

describe("planningCeiling", () => {
  test("agreeing repetitions (CV ≤ 5%): the median", () => {
    const p = planningCeiling([9800, 10_000, 10_200]);
    expect(p.planningCeilingPerSec).toBe(10_000);
    expect(p.spread).toMatchObject({ wide: false, basis: "median", minPerSec: 9800, maxPerSec: 10_200 });
    expect(p.spread?.cv).toBeCloseTo(0.02, 6);
  });
  test("wide repetitions (CV over 5%): the lowest, with the spread beside it", () => {
    const p = planningCeiling([7000, 10_000, 11_000, 9000]);
    expect(p.planningCeilingPerSec).toBe(7000);
    expect(p.spread).toMatchObject({
      wide: true,
      basis: "lowest-confirmed",
      medianPerSec: 9500,
      repetitions: 4,
    });
    expect(p.spread?.cv).toBeGreaterThan(0.05);
  });
  test("a repetition that confirmed none makes it wide; the plan takes the lowest that confirmed", () => {
    const p = planningCeiling([10_000, null, 9900]);
    expect(p.planningCeilingPerSec).toBe(9900);
    expect(p.spread).toMatchObject({ wide: true, minPerSec: 0, confirmedRepetitions: 2, repetitions: 3 });
  });
  test("a single repetition: its own figure, marked as such", () => {
    const p = planningCeiling([8000]);
    expect(p.planningCeilingPerSec).toBe(8000);
    expect(p.spread).toMatchObject({ wide: false, basis: "single-repetition", cv: 0, repetitions: 1 });
  });
  test("no usable repetition: nothing to plan with", () => {
    expect(planningCeiling([null, null])).toEqual({ planningCeilingPerSec: null, spread: null });
    expect(planningCeiling([undefined])).toEqual({ planningCeilingPerSec: null, spread: null });
    expect(planningCeiling([])).toEqual({ planningCeilingPerSec: null, spread: null });
  });
  test("repetitions that ran no search do not count", () => {
    expect(planningCeiling([undefined, 5000, 5100]).spread).toMatchObject({
      repetitions: 2,
      basis: "median",
    });
  });
});
