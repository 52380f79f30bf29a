import { expect, test } from "bun:test";
import { MessageLedger } from "../../../scenarios/harness/message-ledger.ts";
import { ModeRunner } from "../../../scenarios/harness/mode-runner.ts";
import { ResourceSampler } from "../../../scenarios/harness/resource-sampler.ts";
import type { CommonFlags, Workload } from "../../../scenarios/harness/scenario.ts";
import { StepRecorder } from "../../../scenarios/harness/step-recorder.ts";

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

const runnerFor = (delayMs: number, swallow?: (index: number) => boolean, sloMs = SLO_MS) => {
  const recorder = new StepRecorder("publish", 1);
  const workload = delayedWorkload(recorder, delayMs, swallow);
  return new ModeRunner(workload, recorder, flags, sloMs, new ResourceSampler(250, "/nonexistent"));
};

test("a short step whose last operations complete 60 ms late still passes: achieved is over the send window", async () => {
  // Completions end 60 ms after a 300 ms window: (send + last completion) would make achieved 83% of offered.
  const { step } = await runnerFor(60).openStep(1000, "fixed", 300);
  expect(step).toMatchObject({
    offeredPerSec: 1000,
    achievedPerSec: 1000,
    lost: 0,
    dropped: 0,
    sloMet: true,
  });
  expect(step.latency.p99Ms).toBeGreaterThanOrEqual(60);
  expect(step.processCpuSeconds).toBeGreaterThan(0);
});

test("operations not complete after the bounded drain (1 s at a 100 ms SLO) count as lost and fail the step", async () => {
  const { step } = await runnerFor(1, (index) => index === 3, 100).openStep(500, "fixed", 100);
  expect(step.lost).toBe(1);
  expect(step.achievedPerSec).toBe(490);
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
