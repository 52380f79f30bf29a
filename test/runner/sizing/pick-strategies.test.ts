import { describe, expect, test } from "bun:test";
import { pickStrategies } from "../../../runner/sizing/pick-strategies.ts";
import type { CellSizing } from "../../../runner/sizing/sizing-report.ts";

/** Only the fields the strategies read matter; the rest is filler. */
function cell(cellId: string, costPerHourUsd: number, p99AtCeilingMs: number, eligible = true): CellSizing {
  return { cellId, costPerHourUsd, p99AtCeilingMs, eligible } as CellSizing;
}

const cells = [
  cell("cheap-slow", 1, 40),
  cell("mid", 1.5, 12),
  cell("dear-fast", 4, 10),
  cell("ineligible", 0.1, 1, false),
];

describe("pickStrategies", () => {
  test("cheapest, fastest and balanced among eligible cells only", () => {
    const picked = pickStrategies(cells, 0.5);
    expect(picked.cheapest?.cellId).toBe("cheap-slow");
    expect(picked.fastest?.cellId).toBe("dear-fast");
    // normalised: cheap-slow 0.5×0 + 0.5×1 = 0.5; mid 0.5×0.167 + 0.5×0.067 = 0.117; dear-fast 0.5×1 + 0 = 0.5
    expect(picked.balanced?.cellId).toBe("mid");
  });
  test("weight 1 is cheapest, weight 0 is fastest", () => {
    expect(pickStrategies(cells, 1).balanced?.cellId).toBe("cheap-slow");
    expect(pickStrategies(cells, 0).balanced?.cellId).toBe("dear-fast");
  });
  test("ties break on the other figure", () => {
    const tied = [cell("a", 1, 20), cell("b", 1, 10)];
    expect(pickStrategies(tied, 0.5).cheapest?.cellId).toBe("b");
  });
  test("nothing eligible: no picks", () => {
    expect(pickStrategies([cell("x", 1, 1, false)], 0.5)).toEqual({
      cheapest: null,
      fastest: null,
      balanced: null,
    });
  });
  test("a single eligible cell is every pick", () => {
    const picked = pickStrategies([cell("only", 2, 5)], 0.5);
    expect([picked.cheapest?.cellId, picked.fastest?.cellId, picked.balanced?.cellId]).toEqual([
      "only",
      "only",
      "only",
    ]);
  });
});
