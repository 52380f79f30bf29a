import { describe, expect, test } from "bun:test";
import { CELL_FAMILIES } from "../../bench/search/cell-families.ts";
import { simulateFamily } from "../../bench/search/simulate-family.ts";
import type { LoadStep } from "../../contract/result.ts";
import { ceilingSearch } from "../../search/ceiling-search.ts";
import { DRIFT_TOLERANCE, searchDrift } from "../../search/search-drift.ts";
import { stepMeetsSlo } from "../../search/step-verdict.ts";
import { loadStep } from "../runner/results/search-fixture.ts";

const SLO_MS = 100;

/** A service of `capacity`/s that keeps only `slowTo` of it after its first overloaded step. */
function slowingService(capacity: number, slowTo: number) {
  let now = capacity;
  const step = (phase: LoadStep["phase"], offered: number): LoadStep => {
    const achieved = Math.min(offered, now);
    const p99Ms = offered > now ? 500 : 5;
    if (offered > now && phase !== "probe") now = capacity * slowTo;
    return loadStep(phase, offered, p99Ms, {
      achievedPerSec: achieved,
      sloMet: stepMeetsSlo(
        { offeredPerSec: offered, achievedPerSec: achieved, p99Ms, errors: 0, lost: 0 },
        SLO_MS,
      ),
    });
  };
  return {
    probe: async () => step("probe", now),
    runStep: async (rate: number, phase: LoadStep["phase"]) => step(phase, rate),
  };
}

describe("searchDrift", () => {
  test("a service 30% slower after its first overload: the end probe and the rate that passed then failed show it", async () => {
    const result = await ceilingSearch(slowingService(1000, 0.7));
    expect(result.steps.at(-1)?.phase).toBe("probe");
    expect(result.drift).not.toBeNull();
    expect(result.drift?.startProbePerSec).toBe(1000);
    expect(result.drift?.endProbePerSec).toBe(700);
    expect(result.drift?.probeFell).toBe(true);
    expect(result.drift?.passedThenFailed?.passedPerSec).toBeCloseTo(1000, 6);
    expect(result.drift?.passedThenFailed?.failuresAfter).toBeGreaterThanOrEqual(2);
    expect(result.notes.join(" ")).toContain(
      "drifted: closed-loop probe 1,000/s at the start, 700/s at the end (-30%)",
    );
  });

  test("one low end-probe reading of a steady service is re-run once, and the better reading counts", async () => {
    const readings = [1000, 800, 990];
    const service = slowingService(1000, 1);
    const result = await ceilingSearch({
      probe: async () => {
        const step = await service.probe();
        const perSec = readings.shift() ?? 1000;
        return { ...step, offeredPerSec: perSec, achievedPerSec: perSec };
      },
      runStep: service.runStep,
    });
    expect(result.steps.slice(-2).map((s) => [s.phase, s.achievedPerSec])).toEqual([
      ["probe", 800],
      ["probe", 990],
    ]);
    expect(result.drift).toBeNull();
    expect(result.notes.join(" ")).toContain("end probe read 800/s against 1000/s at the start: re-run once");
  });

  test("a steady service at its edge: a marginal pass whose confirmation fails twice, then a fallback passes, is not drift", () => {
    const steps = [
      loadStep("probe", 1000, 50, { achievedPerSec: 1000 }),
      loadStep("bracket", 1000, 50),
      loadStep("bracket", 1102, 500, { sloMet: false }),
      loadStep("bisect", 1050, 50),
      loadStep("confirm", 1050, 500, { sloMet: false }),
      loadStep("confirm", 1050, 500, { sloMet: false }),
      loadStep("confirm", 1000, 50),
      loadStep("probe", 960, 50, { achievedPerSec: 960 }),
    ];
    expect(searchDrift(steps, 1000)).toBeNull();
  });

  test("an end probe within the tolerance is steady; past it, drifted", () => {
    const steps = (end: number) => [
      loadStep("probe", 1000, 50, { achievedPerSec: 1000 }),
      loadStep("confirm", 1000, 50),
      loadStep("probe", end, 50, { achievedPerSec: end }),
    ];
    expect(searchDrift(steps(1000 * (1 - DRIFT_TOLERANCE) + 1), 1000)).toBeNull();
    expect(searchDrift(steps(1000 * (1 - DRIFT_TOLERANCE) - 1), 1000)?.probeFell).toBe(true);
  });

  test("a marginal pass that later fails twice is drift only when the end probe no longer carries that rate", () => {
    // Measured on a quiet host: probe 2,687/s cold, 4,377/s passed, failed twice below, ended 3,601/s, end probe 4,106/s.
    const steps = (end: number) => [
      loadStep("probe", 2687, 50, { achievedPerSec: 2687 }),
      loadStep("bracket", 4377, 50),
      loadStep("bisect", 4200, 500, { sloMet: false }),
      loadStep("confirm", 3800, 500, { sloMet: false }),
      loadStep("confirm", 3601, 50),
      loadStep("probe", end, 50, { achievedPerSec: end }),
    ];
    expect(searchDrift(steps(4106), 3601)).toBeNull();
    expect(searchDrift(steps(3000), 3601)?.passedThenFailed?.passedPerSec).toBe(4377);
  });

  test("not a search (no probe first, or no search step): no verdict", () => {
    expect(searchDrift([loadStep("fixed", 100, 50)], null)).toBeNull();
    expect(
      searchDrift([loadStep("probe", 100, 50), loadStep("fixed", 10, 500, { sloMet: false })], null),
    ).toBeNull();
  });

  // No false positives: the stationary simulated families (noise up to +-7% a step, stalls, sagging overloads).
  for (const family of CELL_FAMILIES.filter((f) => f.stationary))
    test(`stationary family "${family.name}": no search drifts`, async () => {
      const runs = await simulateFamily(ceilingSearch, family, 200, 3);
      expect(runs.filter((run) => run.result.drift !== null)).toHaveLength(0);
    });

  test("a service 30% slower after an overload is caught in every simulated cell", async () => {
    const runs = await simulateFamily(ceilingSearch, family("slows 30% after an overload"), 200, 3);
    expect(runs.filter((run) => run.result.drift === null)).toHaveLength(0);
  });

  test("capacity falling 3% a step: caught unless the search is short enough to end within the tolerance", async () => {
    const runs = await simulateFamily(ceilingSearch, family("drifting -3%/step"), 200, 3);
    const missed = runs.filter((run) => run.result.drift === null);
    expect(missed.length).toBeLessThan(runs.length * 0.05);
    for (const run of missed) expect(run.result.steps.length).toBeLessThanOrEqual(7);
  });
});

function family(name: string) {
  const found = CELL_FAMILIES.find((f) => f.name === name);
  if (!found) throw new Error(`no cell family ${name}`);
  return found;
}
