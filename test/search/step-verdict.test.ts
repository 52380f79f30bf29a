import { expect, test } from "bun:test";
import type { LoadStep } from "../../contract/result.ts";
import { ceilingSearch } from "../../search/ceiling-search.ts";
import { missedTerms, sloTerms, stepMeetsSlo } from "../../search/step-verdict.ts";
import { loadStep } from "../runner/results/search-fixture.ts";

const SLO_MS = 100;
const passing = { offeredPerSec: 1000, achievedPerSec: 1000, p99Ms: 50, errors: 0, lost: 0 };

test("a step whose generator dropped operations fails, even with a good p99", () => {
  expect(stepMeetsSlo({ ...passing, dropped: 0 }, SLO_MS)).toBe(true);
  expect(stepMeetsSlo({ ...passing, dropped: 1 }, SLO_MS)).toBe(false);
});

test("a stored v1 step (no dropped field) is judged as before", () => {
  expect(stepMeetsSlo(passing, SLO_MS)).toBe(true);
  expect(stepMeetsSlo({ ...passing, lost: 1 }, SLO_MS)).toBe(false);
});

const step = (phase: LoadStep["phase"], offered: number, achieved: number, sloMet: boolean): LoadStep =>
  loadStep(phase, offered, 1, { achievedPerSec: achieved, sloMet });

test("the ceiling is never above what the confirming step delivered", async () => {
  // A consumer capped at 9,800/s: a short step up to 10,400/s still meets the SLO but delivers at most 9,800/s.
  const capPerSec = 9_800;
  const result = await ceilingSearch({
    probe: async () => step("probe", 9_800, 9_800, true),
    runStep: async (rate, phase) => step(phase, rate, Math.min(rate, capPerSec), rate <= 10_400),
  });
  const confirm = result.steps.filter((s) => s.phase === "confirm" && s.sloMet).at(-1);
  expect(confirm?.offeredPerSec).toBeGreaterThan(capPerSec);
  expect(result.ceiling.ceilingPerSec).toBe(capPerSec);
});

test("a failed step names each term of the rule it broke, and only those", () => {
  const slow = { ...passing, p99Ms: 312.4, achievedPerSec: 910, errors: 3 };
  expect(missedTerms(slow, SLO_MS)).toEqual(["p99 312 ms", "3 errors", "91% of the rate delivered"]);
  expect(stepMeetsSlo(slow, SLO_MS)).toBe(false);
  expect(missedTerms({ ...passing, lost: 2, dropped: 5 }, SLO_MS)).toEqual(["2 lost", "5 dropped"]);
  expect(missedTerms(passing, SLO_MS)).toEqual([]);
  expect(sloTerms(SLO_MS)).toBe(
    "p99 ≤ 100 ms, no errors, nothing lost or dropped, ≥ 95% of the rate delivered",
  );
});
