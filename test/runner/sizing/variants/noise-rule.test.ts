import { describe, expect, test } from "bun:test";
import { ceilingDifference } from "../../../../runner/sizing/variant-comparison.ts";

const side = (median: number, min: number, max: number, cv: number, repetitions = 3) => ({
  ceilingPerSec: { median, min, max, cv },
  repetitions,
});

describe("the noise rule", () => {
  test("ranges apart and a change over the combined CV: beyond the noise", () => {
    const d = ceilingDifference(side(1000, 980, 1020, 0.02), side(500, 490, 510, 0.02));
    expect(d.ratio).toBeCloseTo(0.5, 9);
    expect(d.verdict).toBe("beyond-noise");
  });

  test("overlapping ranges: within the noise, whatever the medians", () => {
    const d = ceilingDifference(side(1000, 700, 1100, 0.2), side(800, 600, 950, 0.2));
    expect(d).toMatchObject({ verdict: "within-noise", reason: "ranges overlap" });
  });

  test("ranges apart but a change inside the combined CV: within the noise", () => {
    // 3% apart, tight ranges, but each side's CV is 4% → combined 5.7%.
    const d = ceilingDifference(side(1000, 995, 1005, 0.04), side(1030, 1025, 1035, 0.04));
    expect(d.verdict).toBe("within-noise");
    expect(d.reason).toContain("combined CV 5.7%");
  });

  test("one repetition, or a side without a ceiling, is not judged", () => {
    expect(ceilingDifference(side(1000, 1000, 1000, 0, 1), side(10, 10, 10, 0, 1)).verdict).toBe(
      "not-judged",
    );
    const noCeiling = ceilingDifference(side(1000, 990, 1010, 0.01), { ceilingPerSec: null, repetitions: 3 });
    expect(noCeiling).toMatchObject({ ratio: null, verdict: "not-judged", reason: "no ceiling in B" });
  });

  test("the boundary: a change exactly at the combined CV is not beyond it", () => {
    const d = ceilingDifference(side(1024, 1024, 1024, 0.125), side(1152, 1152, 1152, 0));
    expect(d.verdict).toBe("within-noise");
    expect(ceilingDifference(side(1024, 1024, 1024, 0.125), side(1153, 1153, 1153, 0)).verdict).toBe(
      "beyond-noise",
    );
  });
});
