import { expect, test } from "bun:test";
import type { CommonFlags } from "../../harness/common-flags.ts";
import { MessageLedger } from "../../harness/message-ledger.ts";
import { ModeRunner } from "../../harness/mode-runner.ts";
import { ResourceSampler } from "../../harness/resource-sampler.ts";
import { StepRecorder } from "../../harness/step-recorder.ts";
import type { Workload } from "../../harness/workload.ts";

/** Generous so a loaded test host cannot fail the latency part; the drain bound is then 5 s. */
const SLO_MS = 1_000;
const flags = { warmupS: 0, durationS: 1, stepS: 1, sampleMs: 250, maxSteps: 14, inflight: 8 } as CommonFlags;

/** Each operation completes after delayMs, except those `swallow` says never complete. */
function delayedWorkload(recorder: StepRecorder, delayMs: number, swallow = (_index: number) => false) {
  const ledger = new MessageLedger(1);
  const workload: Workload = {
    completionsPerOp: 1,
    fire(intendedNs) {
      const index = ledger.published++;
      if (swallow(index)) return;
      setTimeout(() => {
        ledger.delivered++;
        recorder.published(intendedNs);
      }, delayMs);
    },
    counts: () => ledger.snapshot(),
    close: async () => {},
    notes: () => [],
  };
  return workload;
}

const runnerFor = (delayMs: number, swallow?: (index: number) => boolean, sloMs = SLO_MS, inflight = 8) => {
  const recorder = new StepRecorder("publish", 1);
  const workload = delayedWorkload(recorder, delayMs, swallow);
  const sampler = new ResourceSampler(250, "/nonexistent");
  return new ModeRunner(workload, recorder, { ...flags, inflight }, sloMs, sampler);
};

test("a short step whose last operations complete 60 ms late still passes: achieved is over the rate window", async () => {
  // Completions end 60 ms after a 1 s window; the rate window (400..1000 ms) sees the steady rate. 60 in flight.
  const { step } = await runnerFor(60, undefined, 400, 256).openStep(1000, "fixed", 1000);
  expect(step).toMatchObject({ offeredPerSec: 1000, lost: 0, dropped: 0, sloMet: true });
  expect(step.achievedPerSec).toBeGreaterThanOrEqual(950);
  expect(step.latency.p99Ms).toBeGreaterThanOrEqual(60);
  expect(step.processCpuSeconds).toBeGreaterThan(0);
});

test("an open step keeps at most --inflight outstanding: 8 operations of 60 ms carry 133/s, so 1,000/s fails", async () => {
  const { step } = await runnerFor(60, undefined, 400).openStep(1000, "fixed", 1000);
  expect(step.sloMet).toBe(false);
  expect(step.achievedPerSec).toBeLessThan(8 / 0.06 + 20);
});

test("operations not complete after the bounded drain (1 s at a 100 ms SLO) count as lost and fail the step", async () => {
  const { step } = await runnerFor(1, (index) => index === 3, 100).openStep(500, "fixed", 100);
  expect(step.lost).toBe(1);
  expect(step.sloMet).toBe(false);
});

test("a closed-loop phase counts only what completed inside it, not the operations still in flight at its end", async () => {
  // 8 in flight, 300 ms each, a 400 ms loop: the first 8 complete inside it (20/s); the 8 refilled at ~300 ms
  // complete after it, and counting them would double the rate.
  const { step } = await runnerFor(300).closedPhase(400);
  expect(step.lost).toBe(0);
  expect(step.achievedPerSec).toBeGreaterThan(0);
  expect(step.achievedPerSec).toBeLessThanOrEqual(8 / 0.4);
});

/** A single server: each operation finishes serviceMs after the previous one (or after it arrives). */
function serialWorkload(recorder: StepRecorder, serviceMs: number) {
  const ledger = new MessageLedger(1);
  let lastDoneMs = 0;
  const workload: Workload = {
    completionsPerOp: 1,
    fire(intendedNs) {
      ledger.published++;
      const nowMs = Bun.nanoseconds() / 1e6;
      lastDoneMs = Math.max(nowMs, lastDoneMs) + serviceMs;
      setTimeout(() => {
        ledger.delivered++;
        recorder.published(intendedNs);
      }, lastDoneMs - nowMs);
    },
    counts: () => ledger.snapshot(),
    close: async () => {},
    notes: () => [],
  };
  return workload;
}

test("an overload too small for the step to show in p99 is capped at the workload's own rate", async () => {
  // 500/s capacity offered 540/s for 1 s: the backlog ends at 40 operations (80 ms), under the 400 ms SLO, and
  // all of them complete in the drain; counting the drain would credit 540/s.
  const recorder = new StepRecorder("publish", 1);
  const runner = new ModeRunner(
    serialWorkload(recorder, 2),
    recorder,
    flags,
    400,
    new ResourceSampler(250, "/x"),
  );
  const { step } = await runner.openStep(540, "fixed", 1000);
  expect(step.lost).toBe(0);
  expect(step.latency.count).toBe(540);
  expect(step.achievedPerSec).toBeLessThanOrEqual(500 * 1.02);
});

test("with settleMs the first operation of a step is fired only after the wait that follows its GC", async () => {
  const recorder = new StepRecorder("publish", 1);
  const fired: number[] = [];
  const inner = delayedWorkload(recorder, 1);
  const workload: Workload = {
    ...inner,
    fire(intendedNs) {
      fired.push(Bun.nanoseconds());
      inner.fire(intendedNs);
    },
  };
  const sampler = new ResourceSampler(250, "/nonexistent");
  const runner = new ModeRunner(workload, recorder, flags, SLO_MS, sampler, 120);
  const calledNs = Bun.nanoseconds();
  await runner.openStep(100, "fixed", 100);
  expect(((fired[0] as number) - calledNs) / 1e6).toBeGreaterThanOrEqual(115);
});
