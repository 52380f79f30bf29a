import { describe, expect, test } from "bun:test";
import { CELL_FAMILIES } from "../../bench/search/cell-families.ts";
import { simulateFamily } from "../../bench/search/simulate-family.ts";
import { simulatedCell } from "../../bench/search/simulated-cell.ts";
import type { LoadStep } from "../../contract/result.ts";
import {
  type CeilingSearchResult,
  ceilingSearch,
  confirmCeiling,
  SearchSession,
} from "../../search/ceiling-search.ts";
import { loadStep } from "../runner/results/search-fixture.ts";

// Deterministic simulations (seeded): capacity C, +-3% capacity noise per step, stalls, drift, a latency-bound probe.
const RESOLUTION = 0.05;
const NOISE = 0.03;
const CELLS = 60;

const family = (name: string) => {
  const found = CELL_FAMILIES.find((f) => f.name === name);
  if (!found) throw new Error(`no cell family ${name}`);
  return found;
};

/** The confirming step: the ceiling is min(offered, achieved) of it, never above what it delivered. */
function expectProvenByConfirmation(result: CeilingSearchResult) {
  const confirm = result.steps.filter((s) => s.phase === "confirm" && s.sloMet).at(-1);
  expect(confirm).toBeDefined();
  const ceiling = result.ceiling.ceilingPerSec as number;
  expect(ceiling).toBeLessThanOrEqual((confirm as LoadStep).achievedPerSec);
  expect(ceiling).toBeLessThanOrEqual((confirm as LoadStep).offeredPerSec);
}

describe("ceiling search on simulated cells", () => {
  for (const [name, maxMeanRatio] of [
    ["in-process", 0.5],
    // Server mode: the probe underestimates by ~30%, so the search gallops up first (measured mean 0.59).
    ["latency-bound probe", 0.65],
  ] as const) {
    test(`${name}: within resolution + noise of C, proven by the confirmation, mean cost <= ${maxMeanRatio} of a sweep`, async () => {
      const runs = await simulateFamily(ceilingSearch, family(name), CELLS, 11);
      for (const run of runs) {
        expectProvenByConfirmation(run.result);
        // A confirmation that fails twice falls back to an earlier pass, at most two grid steps down.
        expect(Math.abs(run.error as number)).toBeLessThanOrEqual(2 * RESOLUTION + NOISE);
      }
      const within = runs.filter((run) => Math.abs(run.error as number) <= RESOLUTION + NOISE).length;
      expect(within / runs.length).toBeGreaterThanOrEqual(0.9);
      const meanRatio = runs.reduce((sum, run) => sum + run.costRatio, 0) / runs.length;
      expect(meanRatio).toBeLessThanOrEqual(maxMeanRatio);
    });
  }

  // Below 1 vCPU: the probe overestimates (CFS burst) and an overload delivers far less than the capacity. The
  // delivered rate only steers, so the ceiling is still found; the cost is printed by bench/search-cost.ts.
  test("burst probe, overload sags: within resolution + noise of C, proven by the confirmation", async () => {
    const runs = await simulateFamily(ceilingSearch, family("burst probe, overload sags"), CELLS, 11);
    for (const run of runs) {
      expectProvenByConfirmation(run.result);
      expect(Math.abs(run.error as number)).toBeLessThanOrEqual(2 * RESOLUTION + NOISE);
    }
  });

  test("a probe that underestimates by 30% (latency-bound): still within resolution + noise", async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const cell = simulatedCell({ capacityPerSec: 5000, probeBias: 0.7, seed });
      const result = await ceilingSearch(cell);
      expectProvenByConfirmation(result);
      expect((result.ceiling.ceilingPerSec as number) / 5000 - 1).toBeGreaterThanOrEqual(
        -(RESOLUTION + NOISE),
      );
      expect(result.ceiling.resolution).toBeLessThanOrEqual(RESOLUTION + NOISE);
    }
  });

  test("a stall that fails one step (the first, at the probe's rate, or a later one) costs at most a grid step", async () => {
    for (const stalled of [0, 1, 2]) {
      for (const seed of [1, 2, 3]) {
        const cell = simulatedCell({ capacityPerSec: 2000, seed, stalledSteps: [stalled] });
        const result = await ceilingSearch(cell);
        expectProvenByConfirmation(result);
        const error = (result.ceiling.ceilingPerSec as number) / 2000 - 1;
        expect({ stalled, seed, within: Math.abs(error) <= 2 * RESOLUTION + NOISE }).toEqual({
          stalled,
          seed,
          within: true,
        });
      }
    }
  });

  test("a capacity drifting down 1% a step: a confirmed ceiling at or below the capacity when it was confirmed", async () => {
    const runs = await simulateFamily(ceilingSearch, family("drifting -1%/step"), CELLS, 5);
    for (const run of runs) {
      expectProvenByConfirmation(run.result);
      expect(run.error as number).toBeLessThanOrEqual(NOISE);
    }
  });

  test("the CI failure: confirmations that fail at first end on a confirmed ceiling, not null", async () => {
    // Server mode, bundled service, 0.5 vCPU: probe 3,986/s, steps pass up to ~5,755/s; in CI the confirmation of
    // the best pass failed, failed on its re-run, and one more step failed, after which the budget ran out.
    let confirmations = 0;
    const cell = simulatedCell({ capacityPerSec: 5800, probeBias: 3986 / 5800, seed: 9, noise: 0.01 });
    const result = await ceilingSearch({
      probe: cell.probe,
      runStep: async (rate, phase) => {
        const step = await cell.runStep(rate, phase);
        if (phase !== "confirm" || confirmations++ >= 3) return step;
        return { ...step, latency: { ...step.latency, p99Ms: 1000 }, sloMet: false };
      },
    });
    expect(result.steps.filter((s) => s.phase === "confirm" && !s.sloMet)).toHaveLength(3);
    expect(result.ceiling.ceilingPerSec).not.toBeNull();
    expectProvenByConfirmation(result);
    expect(result.steps.length).toBeLessThanOrEqual(14);
  });

  test("the CI steps replayed: a confirmation failing twice falls back to 5,481/s, which passed, not 0.9x", async () => {
    const step = (phase: LoadStep["phase"], offered: number, sloMet: boolean): LoadStep =>
      loadStep(phase, offered, sloMet ? 10 : 500, { sloMet });
    const offered: number[] = [];
    const session = new SearchSession(
      async (rate, phase) => {
        offered.push(rate);
        return step(phase, rate, rate <= 5500);
      },
      step("probe", 3986, true),
      3986 * 0.85,
      2,
    );
    const history: Array<[LoadStep["phase"], number, boolean]> = [
      ["probe", 3986, true],
      ...[1993, 2990, 3587, 3986, 4384].map((rate): [LoadStep["phase"], number, boolean] => [
        "bracket",
        rate,
        true,
      ]),
      ["bracket", 8769, false],
      ["bisect", 6577, false],
      ["bisect", 5481, true],
      ["bisect", 6029, false],
      ["bisect", 5755, true],
    ];
    for (const [phase, rate, sloMet] of history) session.steps.push(step(phase, rate, sloMet));
    const { confirm } = await confirmCeiling(session, {
      pass: 5755,
      maxSteps: 14,
      minRatePerSec: 1,
      resolution: 0.05,
    });
    expect(offered).toEqual([5755, 5755, 5481]);
    expect(confirm?.offeredPerSec).toBe(5481);
    expect(session.notes.join(" ")).toContain("falling back to 5481.0/s, which passed earlier");
  });
});
