import { expect, test } from "bun:test";
import * as hdr from "hdr-histogram-js";
import { LatencyHistogram } from "../../contract/latency-histogram.ts";

test("percentiles agree with an HDR histogram (3 significant digits) from 1 us to minutes", () => {
  const ours = new LatencyHistogram();
  const reference = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
  });
  let seed = 7;
  for (let index = 0; index < 50_000; index++) {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    // Log-uniform from 1 us to ~100 s.
    const micros = Math.round(10 ** ((seed / 0xffff_ffff) * 8));
    ours.recordNanos(micros * 1_000);
    reference.recordValue(Math.max(1, micros));
  }
  for (const percentile of [50, 90, 95, 99, 99.9]) {
    const expected = reference.getValueAtPercentile(percentile) / 1_000;
    expect(Math.abs(ours.percentileMs(percentile) - expected) / expected).toBeLessThan(0.002);
  }
  expect(ours.count).toBe(50_000);
  expect(ours.toPercentiles().maxMs).toBe(reference.maxValue / 1_000);
});

test("small values are exact; empty is 0; add merges", () => {
  const a = new LatencyHistogram();
  expect(a.percentileMs(99)).toBe(0);
  for (let micros = 1; micros <= 100; micros++) a.recordNanos(micros * 1_000);
  expect(a.percentileMs(50)).toBe(0.05);
  expect(a.percentileMs(99)).toBe(0.099);
  const b = new LatencyHistogram();
  b.recordNanos(5_000_000_000);
  a.add(b);
  expect(a.count).toBe(101);
  expect(a.toPercentiles().maxMs).toBe(5_000);
  expect(a.percentileMs(100)).toBe(5_000);
});

test("encode() and decode() carry every bucket and the max; merge adds workers' histograms", () => {
  const a = new LatencyHistogram();
  for (const ms of [0, 0.5, 3, 250, 12_000]) a.recordMs(ms);
  const b = new LatencyHistogram();
  b.recordMs(-1); // a clock step back counts as 0
  const merged = LatencyHistogram.merge([a.encode(), b.encode(), new LatencyHistogram().encode()]);
  expect(merged.count).toBe(6);
  expect(merged.maxMs).toBe(12_000);
  expect(merged.percentileMs(30)).toBe(0);
  expect(LatencyHistogram.decode(a.encode()).toPercentiles()).toEqual(a.toPercentiles());
});
