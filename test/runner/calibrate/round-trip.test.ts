import { expect, test } from "bun:test";
import type { LoadStep } from "../../../contract/result.ts";
import { clientLimits, inFlightWindow, judgedSloMs } from "../../../runner/calibrate/round-trip.ts";

const FLOOR = { p50Ms: 20, p99Ms: 25 };

function step(
  offeredPerSec: number,
  p99Ms: number,
  sloMet: boolean,
  extra: Partial<LoadStep> = {},
): LoadStep {
  return {
    phase: "bisect",
    offeredPerSec,
    achievedPerSec: offeredPerSec,
    durationMs: 1000,
    latency: { count: 100, p50Ms: p99Ms / 2, p90Ms: p99Ms, p95Ms: p99Ms, p99Ms, p999Ms: p99Ms, maxMs: p99Ms },
    errors: 0,
    lost: 0,
    sloMet,
    ...extra,
  } as LoadStep;
}

test("the window is the concurrency plus what the round trip keeps busy; the SLO is judged less the floor's p50", () => {
  // concurrency 1 at 800/s behind a 25 ms p99 floor: 1 + 800 × 0.025 = 21 in flight, not 1.
  expect(inFlightWindow(1, 800, FLOOR, 900)).toBe(21);
  // A closed-loop step sizes it for twice the local ceiling.
  expect(inFlightWindow(80, null, FLOOR, 1000)).toBe(80 + 50);
  expect(judgedSloMs(100, FLOOR)).toBe(120);
});

const CONTEXT = {
  floor: FLOOR,
  sloP99Ms: 100,
  concurrency: 1,
  localCeilingPerSec: 900,
  hostCores: 8,
  workers: 4,
};

test("a step above the ceiling that met the SLO but waited for window slots marks the search client-limited", () => {
  const steps = [step(800, 40, true), step(900, 60, false, { dropped: 30, generatorSendLagP99Ms: 200 })];
  const reasons = clientLimits(steps, 800, CONTEXT);
  expect(reasons.join(" ")).toContain("this client's window may have set the pace: at 900/s");
});

test("a generator with no spare CPU at the ceiling marks it client-limited; a revision that slowed does not", () => {
  const busy = [step(800, 40, true, { generatorCpuSeconds: 3.9 }), step(900, 400, false)];
  expect(clientLimits(busy, 800, CONTEXT).join(" ")).toContain("the generator had no spare CPU");
  const revision = [step(800, 40, true, { generatorCpuSeconds: 0.2 }), step(900, 400, false)];
  expect(clientLimits(revision, 800, CONTEXT)).toEqual([]);
});
