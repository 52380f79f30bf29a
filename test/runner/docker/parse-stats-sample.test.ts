import { expect, test } from "bun:test";
import { parseStatsSample } from "../../../runner/docker/monitoring-api.ts";

test("reads memory, CPU and throttling from a cgroup v1 stats frame", () => {
  const sample = parseStatsSample({
    read: "2026-11-22T03:40:00.5Z",
    memory_stats: { usage: 1000, max_usage: 2000 },
    cpu_stats: {
      cpu_usage: { total_usage: 5e9 },
      throttling_data: { throttled_periods: 3, throttled_time: 4e8 },
    },
  });
  expect(sample).toEqual({
    readAtMs: Date.parse("2026-11-22T03:40:00.5Z"),
    memoryUsageBytes: 1000,
    memoryMaxUsageBytes: 2000,
    cpuTotalNanos: 5e9,
    throttledPeriods: 3,
    throttledNanos: 4e8,
  });
});

test("the empty frame Docker sends after a container stops is skipped", () => {
  expect(parseStatsSample({ read: "0001-01-01T00:00:00Z", memory_stats: {} })).toBeNull();
});

test("memory is without page cache, as docker stats computes it (v1: total_inactive_file)", () => {
  const sample = parseStatsSample({
    read: "2026-11-22T03:40:00.5Z",
    memory_stats: { usage: 100e6, max_usage: 150e6, stats: { total_inactive_file: 30e6, inactive_file: 1 } },
  });
  expect(sample?.memoryUsageBytes).toBe(70e6);
  expect(sample?.memoryMaxUsageBytes).toBe(120e6);
});

test("memory is without page cache on cgroup v2 (inactive_file; no max_usage there)", () => {
  const sample = parseStatsSample({
    read: "2026-11-22T03:40:00.5Z",
    memory_stats: { usage: 100e6, stats: { inactive_file: 40e6 } },
  });
  expect(sample?.memoryUsageBytes).toBe(60e6);
  expect(sample?.memoryMaxUsageBytes).toBeNull();
});
