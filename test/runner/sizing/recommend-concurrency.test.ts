import { describe, expect, test } from "bun:test";
import { concurrencyFindings, recommendConcurrency } from "../../../runner/sizing/recommend-concurrency.ts";
import type { CellSizing, SizePick } from "../../../runner/sizing/sizing-report.ts";

describe("recommendConcurrency (Little's law)", () => {
  test("ceiling x latency, plus 20% headroom, rounded up", () => {
    // 500 requests/s at 21 ms: 10.5 in flight -> 12.6 -> 13.
    expect(recommendConcurrency(500, 21)).toBe(13);
    expect(recommendConcurrency(1000, 2)).toBe(3);
  });

  test("within Cloud Run's 1..1000", () => {
    expect(recommendConcurrency(10, 1)).toBe(1);
    expect(recommendConcurrency(100_000, 100)).toBe(1000);
  });

  test("a finding for the recommended service cell only", () => {
    const cell = {
      cellId: "c",
      concurrency: 10,
      p99AtCeilingMs: 21,
      ceilingPerSec: { median: 500, min: 490, max: 510, cv: 0.01 },
    } as CellSizing;
    const [finding] = concurrencyFindings([cell], { cellId: "c" } as SizePick);
    expect(finding).toContain("--concurrency 13");
    expect(finding).toContain("measured with 10");
    expect(concurrencyFindings([{ ...cell, concurrency: null }], { cellId: "c" } as SizePick)).toEqual([]);
    expect(concurrencyFindings([cell], null)).toEqual([]);
  });
});
