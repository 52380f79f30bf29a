import { describe, expect, test } from "bun:test";
import type { CellSizing } from "../../../runner/sizing/cell-sizing.ts";
import { pickStrategies } from "../../../runner/sizing/pick-strategies.ts";

/** Only the fields the strategies read matter; the rest is filler. Priced under request-based billing alone. */
function cell(
  cellId: string,
  costPerHourUsd: number,
  p99AtCeilingMs: number,
  eligible = true,
  instanceUsd: number | null = null,
): CellSizing {
  const costPerHourUsdByBilling = { request: costPerHourUsd, instance: instanceUsd };
  return { cellId, costPerHourUsd, p99AtCeilingMs, eligible, costPerHourUsdByBilling } as CellSizing;
}
const id = (o: { cell: CellSizing } | null) => o?.cell.cellId;

const cells = [
  cell("cheap-slow", 1, 40),
  cell("mid", 1.5, 12),
  cell("dear-fast", 4, 10),
  cell("ineligible", 0.1, 1, false),
];

describe("pickStrategies", () => {
  test("cheapest, fastest and balanced among eligible cells only", () => {
    const picked = pickStrategies(cells, 0.5);
    expect(id(picked.cheapest)).toBe("cheap-slow");
    expect(id(picked.fastest)).toBe("dear-fast");
    // normalised: cheap-slow 0.5×0 + 0.5×1 = 0.5; mid 0.5×0.167 + 0.5×0.067 = 0.117; dear-fast 0.5×1 + 0 = 0.5
    expect(id(picked.balanced)).toBe("mid");
  });
  test("weight 1 is cheapest, weight 0 is fastest", () => {
    expect(id(pickStrategies(cells, 1).balanced)).toBe("cheap-slow");
    expect(id(pickStrategies(cells, 0).balanced)).toBe("dear-fast");
  });
  test("ties break on the other figure", () => {
    const tied = [cell("a", 1, 20), cell("b", 1, 10)];
    expect(id(pickStrategies(tied, 0.5).cheapest)).toBe("b");
  });
  test("nothing eligible: no picks", () => {
    expect(pickStrategies([cell("x", 1, 1, false)], 0.5)).toEqual({
      cheapest: null,
      fastest: null,
      balanced: null,
    });
  });
  test("sizes and billing modes compete together: a cell's cheaper mode can beat a cheaper size's only mode", () => {
    // 1 vCPU under instance billing (0.8) undercuts 0.5 vCPU, which Cloud Run bills per request only (1).
    const mixed = [cell("half", 1, 30), cell("one", 2, 20, true, 0.8)];
    const picked = pickStrategies(mixed, 0.5);
    expect(picked.cheapest).toMatchObject({ billing: "instance", costPerHourUsd: 0.8 });
    expect(id(picked.cheapest)).toBe("one");
    // Same p99 under either mode: the fastest takes the cheaper one.
    expect(picked.fastest).toMatchObject({ billing: "instance" });
  });
  test("a single eligible cell is every pick", () => {
    const picked = pickStrategies([cell("only", 2, 5)], 0.5);
    expect([id(picked.cheapest), id(picked.fastest), id(picked.balanced)]).toEqual(["only", "only", "only"]);
  });
});
