import { describe, expect, test } from "bun:test";
import type { ResourceSample } from "../../contract/resource-sample.ts";
import { rssTrend } from "../../harness/rss-trend.ts";
import { payloadPicker } from "../../service/workloads/payload-mix.ts";

const MIB = 1024 * 1024;
const series = (rss: (hour: number) => number, count = 20): ResourceSample[] =>
  Array.from({ length: count }, (_, index) => ({
    elapsedMs: index * 180_000,
    rssBytes: rss((index * 180_000) / 3_600_000),
    heapUsedBytes: 0,
    cgroupMemoryBytes: null,
    cpuSeconds: 0,
  }));

describe("rssTrend", () => {
  test("a flat series has no growth and no slope", () => {
    const trend = rssTrend(
      series(() => 100 * MIB),
      0,
    );
    expect(trend?.growthRatio).toBeCloseTo(0, 6);
    expect(trend?.slopeBytesPerHour).toBeCloseTo(0, 0);
  });

  test("linear growth shows as slope and growth", () => {
    const trend = rssTrend(
      series((hour) => 100 * MIB + hour * 40 * MIB),
      0,
    );
    expect((trend?.slopeBytesPerHour ?? 0) / MIB).toBeCloseTo(40, 3);
    expect(trend?.growthRatio).toBeGreaterThan(0.2);
  });

  test("ignores samples before the window and needs at least 4", () => {
    expect(
      rssTrend(
        series(() => MIB, 3),
        0,
      ),
    ).toBeNull();
    expect(
      rssTrend(
        series((hour) => (hour < 1 ? 1 : 100) * MIB, 40),
        3_600_000,
      )?.growthRatio,
    ).toBeCloseTo(0, 6);
  });
});

describe("payloadPicker", () => {
  test("full-spectrum follows 70/20/8/2 over 100 messages", () => {
    const pick = payloadPicker("full-spectrum");
    const sizes = new Map<number, number>();
    for (let seq = 0; seq < 100; seq++) {
      const length = pick(seq).length;
      sizes.set(length, (sizes.get(length) ?? 0) + 1);
    }
    expect(Object.fromEntries(sizes)).toEqual({ 1024: 70, 10240: 20, 512000: 8, 1048576: 2 });
  });
});
