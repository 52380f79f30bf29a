import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { detectCgroupVersion } from "../../../harness/cgroup/detect-cgroup-version.ts";
import { readCgroupLimits } from "../../../harness/cgroup/read-cgroup-limits.ts";
import { readCgroupUsage } from "../../../harness/cgroup/read-cgroup-usage.ts";

const fixture = (name: string) => join(import.meta.dir, "../fixtures/cgroup", name);

describe("cgroup v1", () => {
  test("reads memory and CPU limits", () => {
    expect(readCgroupLimits(fixture("v1-limited"))).toEqual({
      version: 1,
      memoryLimitBytes: 536_870_912,
      cpuQuotaMicros: 50_000,
      cpuPeriodMicros: 100_000,
      cpuLimitCores: 0.5,
    });
  });

  test("treats the huge unlimited memory value and quota -1 as null", () => {
    const limits = readCgroupLimits(fixture("v1-unlimited"));
    expect(limits.version).toBe(1);
    expect(limits.memoryLimitBytes).toBeNull();
    expect(limits.cpuQuotaMicros).toBeNull();
    expect(limits.cpuLimitCores).toBeNull();
    expect(limits.cpuPeriodMicros).toBe(100_000);
  });

  test("reads usage without droppable page cache, the raw peak and throttling (throttled_time is in ns)", () => {
    expect(readCgroupUsage(fixture("v1-limited"))).toEqual({
      memoryBytes: 123_456_789 - 23_456_789,
      memoryPeakBytes: 234_567_890,
      inactiveFileBytes: 23_456_789,
      throttledPeriods: 250,
      throttledSeconds: 12.5,
    });
  });

  test("a missing peak file reads as null; a missing memory.stat subtracts nothing", () => {
    const usage = readCgroupUsage(fixture("v1-unlimited"));
    expect(usage.memoryPeakBytes).toBeNull();
    expect(usage.inactiveFileBytes).toBe(0);
  });
});

describe("cgroup v2", () => {
  test("reads memory.max and cpu.max", () => {
    expect(readCgroupLimits(fixture("v2-limited"))).toEqual({
      version: 2,
      memoryLimitBytes: 1_073_741_824,
      cpuQuotaMicros: 150_000,
      cpuPeriodMicros: 100_000,
      cpuLimitCores: 1.5,
    });
  });

  test('"max" means unlimited', () => {
    expect(readCgroupLimits(fixture("v2-unlimited"))).toEqual({
      version: 2,
      memoryLimitBytes: null,
      cpuQuotaMicros: null,
      cpuPeriodMicros: 100_000,
      cpuLimitCores: null,
    });
  });

  test("reads usage without droppable page cache, the raw peak and throttling (throttled_usec is in us)", () => {
    expect(readCgroupUsage(fixture("v2-limited"))).toEqual({
      memoryBytes: 52_428_800 - 2_428_800,
      memoryPeakBytes: 104_857_600,
      inactiveFileBytes: 2_428_800,
      throttledPeriods: 40,
      throttledSeconds: 2.5,
    });
    expect(readCgroupUsage(fixture("v2-unlimited")).memoryPeakBytes).toBeNull();
  });
});

describe("no cgroup", () => {
  test("everything is null", () => {
    expect(detectCgroupVersion(fixture("none"))).toBeNull();
    expect(readCgroupLimits(fixture("none")).version).toBeNull();
    expect(readCgroupUsage(fixture("none")).memoryBytes).toBeNull();
  });
});
