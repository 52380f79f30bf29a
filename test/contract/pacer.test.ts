import { expect, test } from "bun:test";
import { ArrivalSchedule, runOpenLoop } from "../../contract/pacer.ts";

test("the pacer sleeps between due times: about one turn per operation at a low rate, never a spin", async () => {
  const intended: number[] = [];
  const sent = await runOpenLoop({
    ratePerSec: 200,
    durationMs: 150,
    lateLimitMs: 1_000,
    fire: (ns) => intended.push(ns),
  });
  expect(sent).toMatchObject({ intended: 30, fired: 30, dropped: 0 });
  // A setImmediate spin takes thousands of turns in 150 ms; sleeping takes one per due operation (plus slack).
  expect(sent.turns).toBeLessThanOrEqual(2 * sent.intended);
  expect((intended[1] ?? 0) - (intended[0] ?? 0)).toBeCloseTo(5e6, -3);
  expect(sent.generatorCpuSeconds).toBeGreaterThanOrEqual(0);
});

test("operations still unsent when the window plus the late limit has passed are dropped, not sent late", async () => {
  let calls = 0;
  const sent = await runOpenLoop({
    ratePerSec: 1_000,
    durationMs: 20,
    lateLimitMs: 0,
    // The first operation stalls the sender past the whole window.
    fire: () => {
      if (calls++ === 0) Bun.sleepSync(40);
    },
  });
  expect(sent.intended).toBe(20);
  expect(sent.fired + sent.dropped).toBe(20);
  expect(sent.dropped).toBeGreaterThan(0);
});

test("never more than maxInflight outstanding: due work waits on the pacer's side, and is sent as completions free room", async () => {
  let outstanding = 0;
  let most = 0;
  let wake: (() => void) | null = null;
  const lateNs: number[] = [];
  const sent = await runOpenLoop({
    ratePerSec: 1_000,
    durationMs: 100,
    lateLimitMs: 1_000,
    maxInflight: 4,
    outstandingOps: () => outstanding,
    onCompletion: (callback) => {
      wake = callback;
    },
    // Each operation takes 10 ms: 4 in flight carry 400/s, so a 1,000/s schedule falls behind.
    fire: (intendedNs) => {
      outstanding++;
      most = Math.max(most, outstanding);
      lateNs.push(Bun.nanoseconds() - intendedNs);
      setTimeout(() => {
        outstanding--;
        wake?.();
      }, 10);
    },
  });
  expect(most).toBe(4);
  expect(sent).toMatchObject({ intended: 100, fired: 100, dropped: 0 });
  // The last operations left about (100 / 400/s - 100 ms) = 150 ms after their intended time.
  expect(Math.max(...lateNs) / 1e6).toBeGreaterThan(100);
  expect(sent.maxLateMs).toBeGreaterThan(100);
});

test("the arrival schedule: operation i at start + i / rate on any clock; due counts those intended by now, capped", () => {
  const ms = new ArrivalSchedule(1_000, 200, 1_000);
  expect(ms.intendedAt(0)).toBe(1_000);
  expect(ms.intendedAt(3)).toBe(1_015);
  expect(ms.dueBy(1_000, 10)).toBe(1);
  expect(ms.dueBy(1_014.9, 10)).toBe(3);
  expect(ms.dueBy(5_000, 10)).toBe(10);
  const ns = new ArrivalSchedule(0, 200, 1e9);
  expect(ns.intendedAt(3)).toBe(15_000_000);
});
