import { expect, test } from "bun:test";
import type { LoadStep } from "../../contract/result.ts";
import { CEILING_SEARCH_DEFAULTS, ceilingSearch } from "../../search/ceiling-search.ts";
import { loadStep } from "../runner/results/search-fixture.ts";

const step = (phase: LoadStep["phase"], offered: number, sloMet: boolean): LoadStep =>
  loadStep(phase, offered, sloMet ? 10 : 500, { sloMet });

/** A system whose true ceiling is 1,000/s; `stalled` says which calls (0-based) a host stall fails anyway. */
function system(probePerSec: number, stalled: (call: number) => boolean, ceilingPerSec = 1000) {
  let calls = 0;
  return {
    probe: async () => step("probe", probePerSec, true),
    runStep: async (rate: number, phase: LoadStep["phase"]) =>
      step(phase, rate, rate <= ceilingPerSec && !stalled(calls++)),
  };
}

test("a stalled first step at the probe's rate is re-run and does not cap the search", async () => {
  // The first step offers the probe's 1,000/s and stalls; the probe met the SLO there, so a latency-only failure
  // contradicts it. Without the re-run the search would settle one grid step lower for good.
  const result = await ceilingSearch(system(1000, (call) => call === 0, 1050));
  expect(result.ceiling.ceilingPerSec).toBeGreaterThanOrEqual(1000);
  expect(result.steps.filter((s) => s.phase === "bracket" && s.offeredPerSec === 1000)).toHaveLength(2);
  expect(result.notes.join(" ")).toContain("re-run once (1 of 2)");
});

test("a bracket failure well below the probe's rate is re-run", async () => {
  // A probe of 1,000/s that did not meet the SLO (no latency-only re-run) and a true ceiling of 800/s: the gallop
  // down offers 1,000, 952 and 864/s (fail), then 711/s, which stalls: below 85% of the probe, so it is re-run.
  const offered: number[] = [];
  const result = await ceilingSearch({
    probe: async () => step("probe", 1000, false),
    runStep: async (rate, phase) => {
      offered.push(rate);
      return step(phase, rate, rate <= 800 && offered.length !== 4);
    },
  });
  expect(offered[3]).toBeCloseTo(offered[4] as number, 6);
  expect(result.notes.join(" ")).toContain("well under the probe's rate");
  expect(result.ceiling.ceilingPerSec).toBeGreaterThanOrEqual(760);
  expect(result.ceiling.ceilingPerSec).toBeLessThanOrEqual(800);
});

test("an overloaded first step that delivers far less than the probe just did is re-run", async () => {
  // The probe delivered 1,000/s; the first step at that rate stalls and delivers 650/s. Steered by that, the search
  // would climb back from 650/s for the rest of its budget; the re-run passes at 1,000/s.
  let calls = 0;
  const result = await ceilingSearch({
    probe: async () => step("probe", 1000, true),
    runStep: async (rate, phase) => {
      const stalled = calls++ === 0;
      return { ...step(phase, rate, !stalled && rate <= 1050), achievedPerSec: stalled ? 650 : rate };
    },
  });
  expect(result.notes.join(" ")).toContain("well under the 1000.0/s the probe delivered");
  expect(result.ceiling.ceilingPerSec).toBeGreaterThanOrEqual(1000);
});

test("an overload that delivers near the probe's rate is the workload's answer: steered, not re-run", async () => {
  // Delivering 900/s of 1,000/s offered, within 15% of the probe: the capacity, so the next step goes to it.
  const offered: number[] = [];
  const result = await ceilingSearch({
    probe: async () => step("probe", 1000, true),
    runStep: async (rate, phase) => {
      offered.push(rate);
      return { ...step(phase, rate, rate <= 900), achievedPerSec: Math.min(rate, 900) };
    },
  });
  expect(result.notes.join(" ")).not.toContain("re-run");
  expect(offered[1]).toBeLessThanOrEqual(900);
});

test("re-runs are bounded per search and counted in its steps and cost", async () => {
  // Every step stalls: each search re-runs at most maxRetries steps and stays within maxSteps.
  const result = await ceilingSearch(system(1000, () => true));
  const reruns = result.notes.filter((note) => note.includes("re-run once")).length;
  // Nothing passed, so nothing was confirmed: the re-run kept for the confirmation stays unused.
  expect(reruns).toBe(CEILING_SEARCH_DEFAULTS.maxRetries - 1);
  expect(result.steps.length).toBeLessThanOrEqual(CEILING_SEARCH_DEFAULTS.maxSteps);
  expect(result.ceiling.searchSeconds).toBe(result.steps.length);
  expect(result.ceiling.ceilingPerSec).toBeNull();
});

test("failures above the probe's rate and bisect failures are answers, not stalls: no re-run", async () => {
  // Probe 900/s, true ceiling 1,000/s: galloping up fails above 1,000/s, then bisect steps above it fail.
  const result = await ceilingSearch(system(900, () => false));
  expect(result.steps.some((s) => !s.sloMet && s.offeredPerSec > 1000)).toBe(true);
  expect(result.notes.join(" ")).not.toContain("re-run");
  expect(result.ceiling.ceilingPerSec).toBeGreaterThanOrEqual(950);
});

test("a stalled confirmation is re-run at the same rate before falling back", async () => {
  let calls = 0;
  const result = await ceilingSearch({
    probe: async () => step("probe", 1100, true),
    runStep: async (rate, phase) =>
      step(phase, rate, rate <= 1000 && !(phase === "confirm" && calls++ === 0)),
  });
  const confirms = result.steps.filter((s) => s.phase === "confirm");
  expect(confirms).toHaveLength(2);
  expect(confirms[0]?.offeredPerSec).toBe(confirms[1]?.offeredPerSec);
  expect(result.ceiling.ceilingPerSec).toBe(confirms[1]?.offeredPerSec ?? null);
});

test("the last re-run is kept for the confirmation", async () => {
  // Probe 1,100/s meeting the SLO, true ceiling 1,000/s: the failure at 1,100/s is re-run (latency only, at the
  // probe's rate), the one at 1,047/s may not be, so the stalled confirmation still gets its re-run.
  let confirms = 0;
  const result = await ceilingSearch({
    probe: async () => step("probe", 1100, true),
    runStep: async (rate, phase) =>
      step(phase, rate, rate <= 1000 && !(phase === "confirm" && confirms++ === 0)),
  });
  const reruns = result.notes.filter((note) => note.includes("re-run once"));
  expect(reruns).toHaveLength(2);
  expect(reruns[1]).toContain("confirm step");
  expect(result.ceiling.ceilingPerSec).toBeGreaterThanOrEqual(950);
});

test("maxRetries 0 turns the rule off", async () => {
  const result = await ceilingSearch({ ...system(1000, (call) => call === 0, 1050), maxRetries: 0 });
  expect(result.notes.join(" ")).not.toContain("re-run");
  expect(result.ceiling.ceilingPerSec).toBeLessThan(1000);
});

test("a capacity that collapses before the confirmation: confirmed under the new capacity, within the step budget", async () => {
  // The search sees a ceiling near 1,000/s; then the capacity drops to 700/s (a neighbour took the CPU). What a failed
  // confirmation delivered is no guide (an overload can sag far below capacity), so it walks down a grid step at a time.
  let collapsed = false;
  const result = await ceilingSearch({
    probe: async () => step("probe", 1000, true),
    runStep: async (rate, phase) => {
      if (phase === "confirm") collapsed = true;
      const capacity = collapsed ? 700 : 1000;
      return { ...step(phase, rate, rate <= capacity), achievedPerSec: Math.min(rate, capacity) };
    },
  });
  expect(result.steps.length).toBeLessThanOrEqual(CEILING_SEARCH_DEFAULTS.maxSteps);
  expect(result.ceiling.ceilingPerSec).not.toBeNull();
  expect(result.ceiling.ceilingPerSec ?? 0).toBeLessThanOrEqual(700);
  expect(result.ceiling.ceilingPerSec ?? 0).toBeGreaterThan(700 / 1.05 ** 2);
  expect(result.notes.join(" ")).toContain("one resolution step");
});

test("a step-down rate that never passed gets no re-run", async () => {
  let confirms = 0;
  const result = await ceilingSearch({
    probe: async () => step("probe", 1000, true),
    runStep: async (rate, phase) =>
      step(phase, rate, rate <= 1000 && !(phase === "confirm" && confirms++ < 3)),
  });
  const confirmRates = result.steps.filter((s) => s.phase === "confirm").map((s) => s.offeredPerSec);
  // 1,000 (fails), its re-run (fails), 952 (a guess: fails, no re-run), 907 (passes).
  expect(confirmRates).toHaveLength(4);
  expect(new Set(confirmRates).size).toBe(3);
  expect(result.ceiling.ceilingPerSec).not.toBeNull();
});
