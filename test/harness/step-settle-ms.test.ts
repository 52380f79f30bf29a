import { expect, test } from "bun:test";
import { DEFAULT_CFS_PERIOD_MS, stepSettleMs } from "../../harness/step-settle-ms.ts";

test("no CPU quota: a step starts right after its GC", () => {
  expect(stepSettleMs({ cpuQuotaMicros: null, cpuPeriodMicros: 100_000 })).toBe(0);
});

test("a quota: the wait spans past one CFS period boundary, of the cgroup's own period", () => {
  expect(stepSettleMs({ cpuQuotaMicros: 50_000, cpuPeriodMicros: 100_000 })).toBe(150);
  expect(stepSettleMs({ cpuQuotaMicros: 10_000, cpuPeriodMicros: 20_000 })).toBe(30);
});

test("a quota with an unreadable period falls back to the kernel's default period", () => {
  expect(stepSettleMs({ cpuQuotaMicros: 50_000, cpuPeriodMicros: null })).toBe(1.5 * DEFAULT_CFS_PERIOD_MS);
});
