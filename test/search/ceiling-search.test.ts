import { describe, expect, test } from "bun:test";
import type { LoadStep } from "../../contract/result.ts";
import { ceilingSearch } from "../../search/ceiling-search.ts";
import { exhaustiveSweepSeconds } from "../../search/exhaustive-sweep-seconds.ts";
import { findKnee } from "../../search/find-knee.ts";
import { stepMeetsSlo } from "../../search/step-verdict.ts";

const SLO_MS = 100;
const STEP_MS = 1000;

const makeStep = (phase: LoadStep["phase"], offered: number, p99Ms: number, achieved = offered): LoadStep => {
  const figures = { offeredPerSec: offered, achievedPerSec: achieved, p99Ms, errors: 0, lost: 0 };
  return {
    phase,
    offeredPerSec: offered,
    achievedPerSec: achieved,
    durationMs: STEP_MS,
    latency: { count: 100, p50Ms: p99Ms / 2, p90Ms: p99Ms, p95Ms: p99Ms, p99Ms, p999Ms: p99Ms, maxMs: p99Ms },
    errors: 0,
    lost: 0,
    dropped: 0,
    processCpuSeconds: null,
    generatorCpuSeconds: null,
    sloMet: stepMeetsSlo(figures, SLO_MS),
  };
};

/** A synthetic system: p99 as a function of offered rate; the probe reports probeRate. */
const search = (curve: (rate: number) => number, probeRate: number, maxSteps?: number) =>
  ceilingSearch({
    probe: async () => makeStep("probe", probeRate, curve(probeRate)),
    runStep: async (rate, phase) => makeStep(phase, rate, curve(rate)),
    ...(maxSteps === undefined ? {} : { maxSteps }),
  });

// Linear: p99 = 10 ms + 0.09 ms per msg/s -> crosses 100 ms at 1,000 msg/s.
const linear = (rate: number) => 10 + 0.09 * rate;
// Knee: flat 5 ms to 1,000 msg/s, then exponential; crosses 100 ms near 1,300 msg/s.
const knee = (rate: number) => (rate <= 1000 ? 5 : 5 * Math.exp((rate - 1000) / 100));

describe("ceilingSearch", () => {
  test("linear curve: finds ~1,000/s within 5% and confirms it", async () => {
    const result = await search(linear, 1000);
    const ceiling = result.ceiling.ceilingPerSec as number;
    expect(ceiling).toBeLessThanOrEqual(1000);
    expect(ceiling).toBeGreaterThanOrEqual(950);
    expect(result.ceiling.resolution).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(result.steps.at(-2)?.phase).toBe("confirm");
    expect(result.steps.at(-1)?.phase).toBe("probe");
    expect(result.drift).toBeNull();
    expect(result.steps.length).toBeLessThanOrEqual(15);
    expect(result.ceiling.kneePerSec).toBeNull();
  });

  test("knee curve: finds the SLO crossing and a knee near 1,000/s", async () => {
    const result = await search(knee, 1100);
    const ceiling = result.ceiling.ceilingPerSec as number;
    expect(ceiling).toBeGreaterThan(1200);
    expect(ceiling).toBeLessThanOrEqual(1300);
    expect(result.ceiling.kneePerSec).toBeGreaterThanOrEqual(900);
    expect(result.ceiling.kneePerSec).toBeLessThanOrEqual(1200);
  });

  test("flat curve that never fails: doubles until the step budget and reports a lower bound", async () => {
    const result = await search(() => 2, 1000);
    expect(result.steps.length).toBeLessThanOrEqual(14);
    expect(result.ceiling.ceilingPerSec).toBeGreaterThan(1100);
    expect(result.notes.join(" ")).toContain("lower bound");
  });

  test("never passing: halves down to the minimum and reports null", async () => {
    const result = await search(() => 500, 1000);
    expect(result.ceiling.ceilingPerSec).toBeNull();
    expect(result.steps.length).toBeLessThanOrEqual(14);
    expect(result.steps.some((step) => step.sloMet)).toBe(false);
  });

  test("probe far too high: halving brings the bracket back", async () => {
    const result = await search(linear, 8000);
    const ceiling = result.ceiling.ceilingPerSec as number;
    expect(ceiling).toBeGreaterThanOrEqual(900);
    expect(ceiling).toBeLessThanOrEqual(1000);
  });

  test("noisy curve: stays within the step budget and near the true crossing", async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const noisy = (rate: number) => linear(rate) * (0.9 + 0.2 * random());
    const result = await search(noisy, 1000);
    expect(result.steps.length).toBeLessThanOrEqual(14);
    const ceiling = result.ceiling.ceilingPerSec as number;
    expect(ceiling).toBeGreaterThan(800);
    expect(ceiling).toBeLessThan(1150);
  });

  test("a confirmation that fails again on its re-run steps down and confirms again", async () => {
    let confirmations = 0;
    const result = await ceilingSearch({
      probe: async () => makeStep("probe", 1000, 10),
      runStep: async (rate, phase) => {
        if (phase === "confirm" && confirmations++ < 2) return makeStep(phase, rate, 500);
        return makeStep(phase, rate, linear(rate));
      },
    });
    expect(result.steps.filter((step) => step.phase === "confirm")).toHaveLength(3);
    expect(result.ceiling.ceilingPerSec).toBeGreaterThan(800);
    expect(result.notes.join(" ")).toContain("stepping down");
  });

  test("respects a small step budget", async () => {
    const result = await search(linear, 1000, 6);
    expect(result.steps.length).toBeLessThanOrEqual(6);
  });

  test("a step achieving under 95% of the offered rate fails", () => {
    expect(makeStep("fixed", 1000, 1, 940).sloMet).toBe(false);
    expect(makeStep("fixed", 1000, 1, 960).sloMet).toBe(true);
  });
});

describe("exhaustiveSweepSeconds", () => {
  const probe = makeStep("probe", 1000, 1);
  test("a ceiling at the probe: 50%..100% at 5% of it is 11 passes and one failure, plus the probe", () => {
    const steps = [probe, makeStep("bracket", 1000, 1), makeStep("bracket", 1100, 1)];
    expect(exhaustiveSweepSeconds(steps, 0.05, 1000)).toBeCloseTo(1 + 12, 6);
  });

  test("depends on the probe and the ceiling only, never on the rates the search tried", () => {
    const near = [probe, makeStep("bracket", 1000, 1), makeStep("bracket", 1050, 1)];
    const wide = [probe, makeStep("bracket", 100, 1), makeStep("bracket", 4000, 1)];
    expect(exhaustiveSweepSeconds(wide, 0.05, 1400)).toBeCloseTo(exhaustiveSweepSeconds(near, 0.05, 1400), 6);
  });

  test("a ceiling below the sweep's start is walked down to: the failures, then the first pass", () => {
    // Start 500/s, ceiling 400/s, width 20/s: 500, 480, ..., 420 fail (6 steps), 400 passes.
    expect(exhaustiveSweepSeconds([probe, makeStep("bracket", 400, 1)], 0.05, 400)).toBeCloseTo(1 + 6, 6);
  });
});

describe("findKnee", () => {
  test("no knee on a straight line or a flat noisy curve", () => {
    expect(
      findKnee([500, 750, 900, 1000, 1100].map((rate) => makeStep("fixed", rate, linear(rate)))),
    ).toBeNull();
    const flat = [2, 2.2, 1.9, 2.1, 2.0];
    expect(findKnee(flat.map((p99, index) => makeStep("fixed", 100 * (index + 1), p99)))).toBeNull();
  });

  test("the last linear rate before an exponential jump", () => {
    const steps = [500, 750, 900, 1000, 1100, 1200].map((rate) => makeStep("fixed", rate, knee(rate)));
    expect(findKnee(steps)).toBe(1000);
  });
});
