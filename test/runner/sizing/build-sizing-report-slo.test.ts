import { describe, expect, test } from "bun:test";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import { measureCell } from "../../../runner/sizing/cell-measurements.ts";
import { noLoadMetSlo } from "../../../runner/sizing/size-cell.ts";
import { loadStep } from "../results/search-fixture.ts";
import { fakeCellRecord } from "./fixture-builder.ts";
import { only } from "./size-records.ts";

describe("SLO override", () => {
  test("recomputes each ceiling from the confirmation steps only", () => {
    const rec = fakeCellRecord({
      cpus: 1,
      memoryMiB: 512,
      ceilingPerSec: 10_000,
      sloP99Ms: 50,
      p99AtCeilingMs: 30,
    });
    // the fixture's confirmation is at the ceiling with p99 30 ms; bracket steps below pass a 15 ms SLO (8.9 and
    // 14.6 ms) but were never confirmed, so under 15 ms there is no ceiling
    expect(measureCell(rec, 40).ceilingPerSec?.median).toBeCloseTo(10_000, 0);
    expect(measureCell(rec, 40).latencyAtCeiling?.p99Ms).toBeCloseTo(30, 6);
    expect(measureCell(rec, 15).ceilingPerSec).toBeNull();
    const c = only([rec], { sloP99Ms: 15 }).cells[0];
    expect(c?.sloP99Ms).toBe(15);
    expect(c?.ceilingPerSec).toBeNull();
    expect(c?.eligible).toBe(false);
  });
  test("a looser SLO can only confirm rates a confirmation step actually ran", () => {
    const rec = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 10_000, repetitions: 1 });
    const steps = rec.repetitions[0]?.result?.steps ?? [];
    // a stepped-down search: confirmation at 10,200/s failed at p99 60 ms before 10,000/s confirmed
    steps.push({ ...(steps[3] as (typeof steps)[number]), offeredPerSec: 10_200, achievedPerSec: 10_200 });
    Object.assign((steps.at(-1) as (typeof steps)[number]).latency, { p99Ms: 60 });
    expect(measureCell(rec, 70).ceilingPerSec?.median).toBe(10_200);
    // the failing bisect at 10,500/s (p99 100 ms) was never confirmed: it never counts, even under a 200 ms SLO
    expect(measureCell(rec, 200).ceilingPerSec?.median).toBe(10_200);
  });
  test("no step meets an impossible SLO: not eligible", () => {
    const rec = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 10_000 });
    const c = only([rec], { sloP99Ms: 0.01 }).cells[0];
    expect(c?.ceilingPerSec).toBeNull();
    expect(c?.eligible).toBe(false);
  });
});

describe("CPU throttling below 1 vCPU", () => {
  const half = fakeCellRecord({ cpus: 0.5, memoryMiB: 512, ceilingPerSec: 1000, sloP99Ms: 50 });
  test("warns when the SLO is near the throttling stall of a throttled sub-1-vCPU cell", () => {
    expect(only([half]).findings.join("\n")).toContain("paused up to 50 ms of every 100 ms period");
  });
  test("stays quiet when the SLO is well above the stall", () => {
    const loose = fakeCellRecord({ cpus: 0.5, memoryMiB: 512, ceilingPerSec: 1000, sloP99Ms: 200 });
    expect(only([loose]).findings.join("\n")).not.toContain("CPU throttling below 1 vCPU");
  });
});

describe("the billing comparison", () => {
  const billing = (records: CellRecord[]) =>
    only(records, { targetPerSec: 1000 }).findings.find((f) => f.startsWith("At ")) ?? "";

  test("in-process cells count messages: request pricing says it counts each message as one request", () => {
    const finding = billing([fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 5000 })]);
    expect(finding).toContain("request-based billing (counting each message as one request) would cost");
  });

  test("served cells count requests: no such caveat", () => {
    const record = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 5000 });
    const served = { ...record, cell: { ...record.cell, concurrency: 80 } };
    const finding = billing([served]);
    expect(finding).toContain("request-based billing would cost");
    expect(finding).not.toContain("counting each message");
  });
});

describe("a cell where no load met the SLO", () => {
  test("the reason names every term, and what the lowest rate tried missed", () => {
    const record = fakeCellRecord({ cpus: 1, memoryMiB: 256, ceilingPerSec: 1000, repetitions: 1 });
    const result = record.repetitions[0]?.result;
    if (!result) throw new Error("the fixture has a result");
    result.steps = [
      loadStep("probe", 1000, 5),
      loadStep("bracket", 1000, 400, { achievedPerSec: 880, sloMet: false }),
      loadStep("bracket", 952.4, 260.2, { sloMet: false }),
    ];
    expect(noLoadMetSlo(250, record)).toBe(
      "no load met the SLO (p99 ≤ 250 ms, no errors, nothing lost or dropped, ≥ 95% of the rate delivered); " +
        "the lowest rate tried, 952 msg/s, missed it: p99 260 ms",
    );
  });

  test("with no step to show, only the terms", () => {
    const record = fakeCellRecord({ cpus: 1, memoryMiB: 256, ceilingPerSec: null, repetitions: 1 });
    expect(noLoadMetSlo(250, record)).toBe(
      "no load met the SLO (p99 ≤ 250 ms, no errors, nothing lost or dropped, ≥ 95% of the rate delivered)",
    );
  });
});
