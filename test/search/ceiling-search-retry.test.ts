import { expect, test } from "bun:test";
import type { LoadStep } from "../../contract/result.ts";
import { CEILING_SEARCH_DEFAULTS, ceilingSearch } from "../../search/ceiling-search.ts";

const step = (phase: LoadStep["phase"], offered: number, sloMet: boolean): LoadStep => ({
  phase,
  offeredPerSec: offered,
  achievedPerSec: offered,
  durationMs: 1000,
  latency: { count: 1, p50Ms: 1, p90Ms: 1, p95Ms: 1, p99Ms: sloMet ? 10 : 500, p999Ms: 1, maxMs: 1 },
  errors: 0,
  lost: 0,
  dropped: 0,
  processCpuSeconds: null,
  generatorCpuSeconds: null,
  sloMet,
});

/** A system whose true ceiling is 1,000/s; `stalled` says which calls (0-based) a host stall fails anyway. */
function system(probePerSec: number, stalled: (call: number) => boolean, ceilingPerSec = 1000) {
  let calls = 0;
  return {
    probe: async () => step("probe", probePerSec, true),
    runStep: async (rate: number, phase: LoadStep["phase"]) =>
      step(phase, rate, rate <= ceilingPerSec && !stalled(calls++)),
  };
}

test("one stalled bracket step below the probe's rate is re-run and does not cap the search", async () => {
  // The 50% bracket (500/s) stalls once; without the re-run, 500/s would be the upper bound for good.
  const result = await ceilingSearch(system(1000, (call) => call === 0));
  expect(result.ceiling.ceilingPerSec).toBeGreaterThanOrEqual(950);
  expect(result.steps.filter((s) => s.offeredPerSec === 500)).toHaveLength(2);
  expect(result.notes.join(" ")).toContain("re-run once (1 of 2)");
});

test("re-runs are bounded per search and counted in its steps and cost", async () => {
  // Every step stalls: each search re-runs at most maxRetries steps and stays within maxSteps.
  const result = await ceilingSearch(system(1000, () => true));
  const reruns = result.notes.filter((note) => note.includes("re-run once")).length;
  expect(reruns).toBe(CEILING_SEARCH_DEFAULTS.maxRetries);
  expect(result.steps.length).toBeLessThanOrEqual(CEILING_SEARCH_DEFAULTS.maxSteps);
  expect(result.ceiling.searchSeconds).toBe(result.steps.length);
  expect(result.ceiling.ceilingPerSec).toBeNull();
});

test("failures at or above the probe's rate and bisect failures are answers, not stalls: no re-run", async () => {
  // Probe 900/s, true ceiling 1,000/s: doubling to 1,980/s fails, then bisect steps above 1,000/s fail.
  const result = await ceilingSearch(system(900, () => false));
  expect(result.steps.some((s) => s.phase === "bisect" && !s.sloMet)).toBe(true);
  expect(result.notes.join(" ")).not.toContain("re-run");
  expect(result.ceiling.ceilingPerSec).toBeGreaterThanOrEqual(950);
});

test("a stalled confirmation below the probe is re-run at the same rate before stepping down", async () => {
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

test("maxRetries 0 turns the rule off", async () => {
  const result = await ceilingSearch({ ...system(1000, (call) => call === 0), maxRetries: 0 });
  expect(result.ceiling.ceilingPerSec).toBeLessThan(500);
});
