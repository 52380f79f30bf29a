import { expect, test } from "bun:test";
import { holdMemory } from "../../../../runner/execute/server/fixed-shape.ts";
import { rssSeriesText } from "../../../../runner/execute/server/server-verdict.ts";

const stats = (samples: Array<[number, number]>) => ({
  peakMemoryBytes: Math.max(...samples.map(([, bytes]) => bytes)),
  cpuSeconds: 1,
  throttledPeriods: 0,
  throttledSeconds: 0,
  samples: samples.map(([elapsedMs, memoryBytes]) => ({ elapsedMs, memoryBytes, cpuPercent: 0 })),
});

test("holdMemory: the last sample before the load, the highest inside the hold (epoch = start + elapsed)", () => {
  const s = stats([
    [100, 10],
    [1100, 12],
    [2100, 40],
    [3100, 45],
    [4100, 30],
  ]);
  const window = { startMs: 1_001_500, holdStartMs: 1_002_000, holdEndMs: 1_003_500 };
  expect(holdMemory(s, 1_000_000, window)).toEqual({ baselineBytes: 12, holdPeakBytes: 45 });
  expect(holdMemory(s, 1_000_000, { ...window, holdStartMs: null })).toBeNull();
  expect(holdMemory(s, 1_000_000, { ...window, startMs: 1_000_000 })).toBeNull();
  expect(holdMemory(null, 1_000_000, window)).toBeNull();
  // A sample from before readiness (the runtime still loading) is no baseline.
  expect(holdMemory(s, 1_000_000, window, 1_001_200)).toBeNull();
  expect(holdMemory(s, 1_000_000, window, 1_001_000)).toEqual({ baselineBytes: 12, holdPeakBytes: 45 });
});

test("rssSeriesText: a few evenly spread samples, the last kept, against the limit", () => {
  const MiB = 2 ** 20;
  const s = stats(Array.from({ length: 12 }, (_, i) => [i * 500, (100 + i * 10) * MiB] as [number, number]));
  expect(rssSeriesText(s, 256 * MiB)).toBe("RSS 100, 120, 140, 160, 180, 200, 210 MiB of 256 over 5.5 s");
  expect(rssSeriesText(null, 256 * MiB)).toBeNull();
});
