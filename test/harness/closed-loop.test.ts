import { expect, test } from "bun:test";
import { runClosedLoop } from "../../harness/closed-loop.ts";

test("a full closed loop sleeps until a completion instead of spinning", async () => {
  let outstanding = 0;
  let wake: (() => void) | null = null;
  const completeOne = () => {
    outstanding--;
    wake?.();
  };
  const result = await runClosedLoop({
    inflight: 2,
    outstandingOps: () => outstanding,
    fire: () => {
      outstanding++;
      setTimeout(completeOne, 10);
    },
    onCompletion: (callback) => {
      wake = callback;
    },
    shouldStop: (elapsedNs) => elapsedNs >= 100e6,
  });
  // Each 10 ms completion wakes one turn: ~10 turns in 100 ms; a setImmediate spin takes thousands.
  expect(result.turns).toBeLessThan(60);
  expect(result.fired).toBeGreaterThanOrEqual(4);
  expect(wake).toBeNull();
});

test("a workload that completes synchronously keeps the loop running at full speed", async () => {
  let fired = 0;
  const result = await runClosedLoop({
    inflight: 4,
    outstandingOps: () => 0,
    fire: () => {
      fired++;
    },
    onCompletion: () => {},
    shouldStop: (_elapsedNs, count) => count >= 1_000,
  });
  expect(result.fired).toBe(fired);
  expect(result.fired).toBeGreaterThanOrEqual(1_000);
});
