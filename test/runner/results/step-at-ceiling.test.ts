import { describe, expect, test } from "bun:test";
import { stepAtCeiling } from "../../../runner/results/step-at-ceiling.ts";
import { loadStep, searchResult } from "./search-fixture.ts";

describe("stepAtCeiling", () => {
  // A bisect pass at 1,000/s (p99 12 ms) confirmed at the same rate with p99 31 ms: the confirming step is the one.
  const steps = [
    loadStep("probe", 2000, 1),
    loadStep("bracket", 500, 5),
    loadStep("bisect", 1000, 12),
    loadStep("bracket", 1100, 90),
    loadStep("confirm", 1000, 31),
  ];

  test("is the confirming step, not a bisect step at the same rate", () => {
    const at = stepAtCeiling(searchResult(steps, 1000));
    expect(at?.ceilingPerSec).toBe(1000);
    expect(at?.step?.phase).toBe("confirm");
    expect(at?.step?.latency.p99Ms).toBe(31);
  });

  test("an unconfirmed search has no ceiling and no step; a run without a search has neither", () => {
    expect(stepAtCeiling(searchResult([loadStep("confirm", 1000, 80)], null))).toEqual({
      ceilingPerSec: null,
      step: null,
    });
    expect(stepAtCeiling({ ...searchResult([], null), ceiling: null })).toBeNull();
  });

  describe("under an SLO override", () => {
    test("only confirmation steps count: a bisect pass whose confirmation failed never sets the ceiling", () => {
      // bisect 1,200/s passed (20 ms), its confirmation failed (70 ms); the step-down 1,080/s confirmed (25 ms)
      const stepped = [
        loadStep("bracket", 600, 8),
        loadStep("bisect", 1200, 20),
        loadStep("confirm", 1200, 70),
        loadStep("confirm", 1080, 25),
      ];
      const result = searchResult(stepped, 1080);
      expect(stepAtCeiling(result, 40)?.ceilingPerSec).toBe(1080);
      expect(stepAtCeiling(result, 80)?.ceilingPerSec).toBe(1200);
      // 10 ms: the bracket and bisect steps would pass, but no confirmation does
      expect(stepAtCeiling(result, 10)).toEqual({ ceilingPerSec: null, step: null });
    });

    test("judged by the search's own step rule: a confirmation that dropped operations fails", () => {
      const dropped = [loadStep("confirm", 1000, 10, { dropped: 3 }), loadStep("confirm", 900, 10)];
      expect(stepAtCeiling(searchResult(dropped, 900), 40)?.ceilingPerSec).toBe(900);
    });

    test("the ceiling is never above what the confirming step achieved", () => {
      const short = [loadStep("confirm", 1000, 10, { achievedPerSec: 960 })];
      expect(stepAtCeiling(searchResult(short, 1000), 40)?.ceilingPerSec).toBe(960);
    });
  });
});
