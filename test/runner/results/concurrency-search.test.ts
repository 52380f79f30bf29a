import { describe, expect, test } from "bun:test";
import { ScalingSetting } from "../../../runner/cloudrun/autoscaler.ts";
import { CellRecord } from "../../../runner/results/cell-record.ts";
import {
  type ConcurrencyTrial,
  capSetCeiling,
  nextConcurrency,
} from "../../../runner/results/concurrency-search.ts";
import { concurrencyAnswer } from "../../../runner/sizing/concurrency-answer.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";

// A 20 ms wait: at concurrency c the cap holds about 50 × c requests/s, with c in flight, at little CPU.
const waiting = (concurrency: number, ceilingPerSec: number | null, cpu = 0.1): ConcurrencyTrial => ({
  concurrency,
  ceilingPerSec,
  p99AtCeilingMs: ceilingPerSec === null ? null : 30,
  cpuCoresAtCeiling: ceilingPerSec === null ? null : cpu,
  inFlightAtCeiling: ceilingPerSec === null ? null : ceilingPerSec * 0.02,
  steps: 8,
  doubt: null,
});

describe("when to search, and when to stop", () => {
  test("the cap set the ceiling: in flight at the cap, CPU under 80% of the quota, 1 vCPU or more", () => {
    expect(capSetCeiling(waiting(80, 3900), 1)).toBe(true);
    expect(capSetCeiling(waiting(80, 3900, 0.85), 1)).toBe(false);
    expect(capSetCeiling(waiting(80, 2000), 1)).toBe(false); // 40 in flight of 80: the cap did not bind
    expect(capSetCeiling(waiting(1, 49), 0.5)).toBe(false); // below 1 vCPU Cloud Run takes concurrency 1
  });
  test("doubles until the ceiling grows under 5%, p99 breaks, the generator limits or 1,000", () => {
    expect(nextConcurrency([waiting(80, 3900)])).toEqual({ next: 160 });
    expect(nextConcurrency([waiting(80, 3900), waiting(160, 7800)])).toEqual({ next: 320 });
    expect(nextConcurrency([waiting(80, 3900), waiting(160, 4000)])).toMatchObject({ stop: "growth" });
    expect(nextConcurrency([waiting(80, 3900), waiting(160, null)])).toMatchObject({ stop: "p99" });
    const limited = { ...waiting(160, 7000), doubt: "the generator, not the service, was the limit" };
    expect(nextConcurrency([waiting(80, 3900), limited])).toMatchObject({ stop: "not-service" });
    expect(nextConcurrency([waiting(320, 15_000), waiting(640, 30_000)])).toEqual({ next: 1000 });
    expect(nextConcurrency([waiting(640, 30_000), waiting(1000, 47_000)])).toMatchObject({ stop: "max" });
  });
});

describe("the --concurrency to set", () => {
  const withSearch = (trials: ConcurrencyTrial[]) => {
    const record = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 3900, ceilingJitter: 0 });
    const first = record.repetitions[0];
    if (first) first.concurrencySearch = { trials, stoppedBecause: "growth", note: "test" };
    return CellRecord.parse(record);
  };
  // One instance's CPU reaches 0.6 of its quota at 12,000/s (0.05 ms of CPU a request).
  const rates = { ceilingPerSec: 3900, cpuPerSec: 12_000, concurrencyPerSec: 2400, basis: "test" };
  const scaling = ScalingSetting.parse({});

  test("the lowest measured concurrency where CPU binds at the target", () => {
    const record = withSearch([
      waiting(80, 3900),
      waiting(160, 7800),
      waiting(320, 15_600),
      waiting(640, 16_000),
    ]);
    const answer = concurrencyAnswer(record, rates, 10_000, scaling);
    // At 160: 0.6 × 160 ÷ 20 ms = 4,800/s, ceil(10000 ÷ 4800) = 3 > CPU's 1. At 320: 9,600/s, 2 > 1.
    // At 640: 19,200/s, 1 = CPU's 1: the CPU rule binds (a tie goes to CPU).
    expect(answer?.trials.map((t) => [t.concurrency, t.instances, t.driver])).toEqual([
      [80, 5, "concurrency"],
      [160, 3, "concurrency"],
      [320, 2, "concurrency"],
      [640, 1, "cpu"],
    ]);
    expect(answer).toMatchObject({ recommended: 640, cpuBinds: true });
  });
  test("CPU never binds within what held: the highest the service held, said so", () => {
    const record = withSearch([
      waiting(80, 3900),
      waiting(160, 7800),
      { ...waiting(320, 9000), doubt: "generator" },
    ]);
    expect(concurrencyAnswer(record, rates, 10_000, scaling)).toMatchObject({
      recommended: 160,
      cpuBinds: false,
    });
  });
});
