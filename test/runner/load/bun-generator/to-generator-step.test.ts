import { describe, expect, test } from "bun:test";
import { LoadStep } from "../../../../contract/result.ts";
import { toGeneratorStep } from "../../../../runner/load/bun-generator/to-generator-step.ts";
import { stepRequest, stepSummary } from "./step-request.ts";

describe("toGeneratorStep", () => {
  test("a punctual open step: achieved over the rate window (one SLO to the end), the SLO met, a valid LoadStep", () => {
    // 980 completions between 100 ms and 5000 ms: 980 / 4.9 s = 200/s.
    const { step, droppedRequests, generatorCpuSeconds } = toGeneratorStep(stepRequest(), stepSummary(), 0.9);
    expect(LoadStep.parse(step)).toEqual(step);
    expect(step.offeredPerSec).toBe(200);
    expect(step.achievedPerSec).toBeCloseTo(200, 9);
    expect(step.durationMs).toBe(5000);
    expect(step.phase).toBe("bracket");
    expect([step.errors, step.lost, step.dropped, droppedRequests]).toEqual([0, 0, 0, 0]);
    expect(step.sloMet).toBe(true);
    expect(generatorCpuSeconds).toBe(0.9);
  });

  test("dropped = planned - started, lost = started - completed; either fails the step", () => {
    const summary = stepSummary({ started: 990, completed: 985, completedInWindow: 975 });
    const { step, droppedRequests } = toGeneratorStep(stepRequest(), summary, 1);
    expect([step.dropped, droppedRequests, step.lost]).toEqual([10, 10, 5]);
    expect(step.sloMet).toBe(false);
    expect(toGeneratorStep(stepRequest(), stepSummary({ completed: 999 }), 1).step.sloMet).toBe(false);
  });

  test("an open step below 95% of offered, over the SLO, or with errors fails", () => {
    const slow = stepSummary({ completedInWindow: 900 }); // 184/s of 200/s
    expect(toGeneratorStep(stepRequest(), slow, 1).step.sloMet).toBe(false);
    const late = stepSummary({ latency: { ...stepSummary().latency, p99Ms: 101 } });
    expect(toGeneratorStep(stepRequest(), late, 1).step.sloMet).toBe(false);
    expect(toGeneratorStep(stepRequest(), stepSummary({ errors: 1 }), 1).step.errors).toBe(1);
    expect(toGeneratorStep(stepRequest(), stepSummary({ errors: 1 }), 1).step.sloMet).toBe(false);
  });

  test("the generator's own figures go into the step: send lag, turnaround, operation time; CPU while pacing", () => {
    const { step, self } = toGeneratorStep(stepRequest(), stepSummary(), 0.9);
    expect(step.generatorSendLagP99Ms).toBe(0.7);
    expect(step.generatorTurnaroundMeanMs).toBe(0.04);
    expect(step.operationMeanMs).toBe(2.2);
    // The step carries the generator's own CPU while pacing; the container's (start-up included) stays beside it.
    expect(step.generatorCpuSeconds).toBe(0.6);
    expect(self.cpuSeconds).toBe(0.6);
    // The service's CPU and the host's other load are measured by the runner around the step.
    expect(step.processCpuSeconds).toBeNull();
    expect(step.hostOtherCpuCores).toBeNull();
    const unmeasured = stepSummary({ self: { ...stepSummary().self, turnaroundMeanMs: null } });
    expect(toGeneratorStep(stepRequest(), unmeasured, 1).step.generatorTurnaroundMeanMs).toBeNull();
  });

  test("a closed step: achieved over its own span, offered = achieved, no plan so nothing dropped", () => {
    const summary = stepSummary({
      kind: "closed",
      plannedRequests: null,
      started: 821,
      completed: 820,
      completedInWindow: null,
      lastSendMs: 4000,
      lastDoneMs: 4100,
    });
    const request = stepRequest({ kind: "closed", ratePerSec: null, phase: "probe" });
    const { step } = toGeneratorStep(request, summary, 1);
    expect(step.durationMs).toBe(4100);
    expect(step.achievedPerSec).toBeCloseTo(200, 9);
    expect(step.offeredPerSec).toBe(step.achievedPerSec);
    expect([step.dropped, step.lost]).toEqual([0, 1]);
    expect(step.phase).toBe("probe");
  });
});
