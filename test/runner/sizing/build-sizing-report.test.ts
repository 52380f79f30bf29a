import { describe, expect, test } from "bun:test";
import { SizingReport } from "../../../runner/sizing/sizing-report.ts";
import { cellIdOf } from "./fake/cell-id-of.ts";
import { fakeCellRecord, fakeMatrix } from "./fixture-builder.ts";
import { only, size } from "./size-records.ts";

describe("buildSizingReport on the fixture matrix", () => {
  const report = size(fakeMatrix());
  const s = report.scenarios[0];

  test("validates against its own schema", () => {
    expect(SizingReport.parse(report)).toEqual(report);
  });
  test("recommends the cheapest eligible size with a deploy command", () => {
    expect(s?.recommendation?.cellId).toBe(cellIdOf({ cpus: 1, memoryMiB: 256, ceilingPerSec: 0 }));
    expect(s?.recommendation?.instances).toBe(2);
    expect(s?.recommendation?.gcloud).toBe(
      "gcloud run deploy SERVICE --image IMAGE --cpu 1 --memory 256Mi --concurrency 80 --min-instances 0 " +
        "--max-instances 100 --no-cpu-throttling --execution-environment gen1",
    );
    // At 10,000 msg/s request fees dwarf compute: instance-based billing is the cheaper, and the pick says so.
    expect(s?.recommendation?.billing).toBe("instance");
    expect(s?.recommendation?.otherBillingCostPerHourUsd).toBeGreaterThan(
      s?.recommendation?.costPerHourUsd ?? 0,
    );
    expect(s?.picks.fastest?.cpus).toBe(2);
  });
  test("sub-1-vCPU cells are shown as not deployable under concurrency 80", () => {
    const half = s?.cells.filter((c) => c.cpus === 0.5) ?? [];
    expect(half.length).toBe(6);
    for (const c of half) expect(c.ineligibleReasons.join()).toContain("concurrency 1");
  });
  test("says when more CPUs do not raise the ceiling", () => {
    expect(s?.findings.join("\n")).toContain("More CPUs do not raise the ceiling");
    expect(s?.findings.join("\n")).toContain("Google recommends 1 vCPU");
  });
  test("says which cells the host could not measure", () => {
    expect(s?.findings.join("\n")).toContain("Not measured (exceeds-host): 4 vCPU / 2048 MiB");
  });
  test("computes the --smol delta against the twin cell", () => {
    const smol = s?.cells.find((c) => c.cpus === 1 && c.memoryBytes === 512 * 1024 * 1024 && c.smol);
    expect(smol?.smolDelta?.ceilingPct).toBeCloseTo(-8, 6);
    expect(smol?.smolDelta?.peakMemoryPct).toBeCloseTo((150 / 190 - 1) * 100, 6);
    expect(smol?.smolDelta?.p99Pct).toBeCloseTo((34 / 30 - 1) * 100, 6);
  });
  test("reports the search-cost ratio", () => {
    // fixture: 6 steps × 5 s and a 1 s probe per repetition against a 10-step × 5 s sweep
    expect(report.searchCost.ratio).toBeCloseTo(0.62, 6);
  });
});

describe("eligibility", () => {
  const good = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 9000, peakMemoryMiB: 200 });
  test("an unstable cell is never recommended, even when cheapest", () => {
    const unstable = fakeCellRecord({ cpus: 1, memoryMiB: 256, ceilingPerSec: 20_000, status: "unstable" });
    const s = only([good, unstable]);
    expect(s.recommendation?.cellId).toBe(good.cell.id);
    expect(s.cells.find((c) => c.cellId === unstable.cell.id)?.eligible).toBe(false);
    expect(s.findings.join()).toContain("Unstable");
  });
  test("a wide cell (CV over 5%) is still recommended on its lowest repetition, and says so", () => {
    const wide = fakeCellRecord({ cpus: 1, memoryMiB: 256, ceilingPerSec: 9000, ceilingJitter: 0.07 });
    const s = only([wide]);
    const c = s.cells[0];
    expect(c).toMatchObject({ disagrees: true, eligible: true, repetitions: 3 });
    expect(c?.spread).toMatchObject({ wide: true, basis: "lowest-confirmed", repetitions: 3 });
    expect(c?.spread?.cv).toBeCloseTo(0.07, 3);
    expect(c?.planningCeilingPerSec).toBeCloseTo(9000 * 0.93, 6);
    // The instance count stands on the lowest repetition, not the median.
    expect(s.recommendation).toMatchObject({ cellId: wide.cell.id, wide: true, instances: 2 });
    expect(s.recommendation?.planningCeilingPerSec).toBeCloseTo(8370, 6);
    expect(s.recommendation?.warnings?.[0]).toContain(
      "wide: planned on its lowest confirmed repetition, 8,370 msg/s",
    );
    const finding = s.findings.find((f) => f.startsWith("Wide")) ?? "";
    expect(finding).toContain("8,370–9,630 msg/s");
    expect(finding).toContain("can still be picked");
    expect(finding).toContain("the workload's own or the machine's");
    const rep = wide.repetitions[1];
    if (rep) rep.contended = true;
    const contended = only([wide]).findings.find((f) => f.startsWith("Wide")) ?? "";
    expect(contended).toContain("1 of their repetitions ran while other load on the host disturbed them");
  });
  test("a repetition that confirmed no ceiling makes the cell wide, even from an older record", () => {
    const rec = fakeCellRecord({ cpus: 1, memoryMiB: 256, ceilingPerSec: 9000 });
    const last = rec.repetitions[2]?.result?.ceiling;
    if (last) last.ceilingPerSec = null; // the stored summary (written by older code) still says all three agreed
    const c = only([rec]).cells[0];
    expect(c?.ceilingPerSec?.min).toBe(0);
    expect(c).toMatchObject({ disagrees: true, unconfirmedRepetitions: 1, eligible: true });
    expect(c?.spread).toMatchObject({ wide: true, confirmedRepetitions: 2, minPerSec: 0 });
    expect(c?.planningCeilingPerSec).toBeCloseTo(9000 * 0.98, 6); // the lowest that confirmed
  });
  test("a cell with no confirmed repetition has no planning figure and is left out", () => {
    const none = fakeCellRecord({ cpus: 1, memoryMiB: 256, ceilingPerSec: 9000 });
    for (const r of none.repetitions) if (r.result?.ceiling) r.result.ceiling.ceilingPerSec = null;
    const s = only([none]);
    expect(s.cells[0]).toMatchObject({ planningCeilingPerSec: null, spread: null, eligible: false });
    expect(s.recommendation).toBeNull();
  });
  test("a contended recommended cell carries its warning, with the share of its repetitions disturbed", () => {
    const rec = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 9000, peakMemoryMiB: 200 });
    for (const r of rec.repetitions.slice(0, 2)) r.contended = true;
    const s = only([rec]);
    expect(s.recommendation?.cellId).toBe(rec.cell.id);
    expect(s.recommendation?.contendedRepetitions).toBe(2);
    expect(s.recommendation?.warnings).toContain(
      "rests on contended repetitions: 2 of 3 (67%) ran while other load on the host disturbed them (even after a re-run); re-run on a quiet host to confirm",
    );
    const finding = s.findings.find((f) => f.startsWith("Contended")) ?? "";
    expect(finding).toContain("1 vCPU / 512 MiB (2 of 3 reps, the recommendation)");
    const quiet = fakeCellRecord({ cpus: 1, memoryMiB: 512, ceilingPerSec: 9000, peakMemoryMiB: 200 });
    expect(only([quiet]).recommendation?.warnings).toEqual([]);
  });
  test("under 20% memory headroom is not eligible", () => {
    const tight = fakeCellRecord({ cpus: 1, memoryMiB: 256, ceilingPerSec: 9000, peakMemoryMiB: 240 });
    const c = only([tight]).cells[0];
    expect(c?.eligible).toBe(false);
    expect(c?.oomRisk).toBe("high");
    expect(c?.ineligibleReasons.join()).toContain("headroom");
  });
  test("an OOM repetition makes the risk high and the cell ineligible", () => {
    const oom = fakeCellRecord({
      cpus: 1,
      memoryMiB: 256,
      ceilingPerSec: 9000,
      status: "unstable",
      repetitionStatuses: ["ok", "oom", "ok"],
    });
    const c = only([oom]).cells[0];
    expect(c?.oomRisk).toBe("high");
    expect(c?.oomRepetitions).toBe(1);
  });
  test("the load fits no cell: said plainly, nothing recommended", () => {
    const s = only([good], { maxInstances: 1 });
    expect(s.recommendation).toBeNull();
    expect(s.findings[0]).toContain("The load fits no cell");
    expect(s.cells[0]?.ineligibleReasons.join()).toContain("over maxInstances 1");
  });
  test("concurrency 1 makes a sub-1-vCPU cell deployable", () => {
    const half = fakeCellRecord({ cpus: 0.5, memoryMiB: 512, ceilingPerSec: 4000, peakMemoryMiB: 200 });
    expect(only([half]).cells[0]?.eligible).toBe(false);
    const s = only([half], { concurrency: 1 });
    expect(s.cells[0]?.eligible).toBe(true);
    expect(s.recommendation?.gcloud).toContain("--cpu 0.5 --memory 512Mi --concurrency 1");
    expect(s.recommendation?.gcloud).toContain("--execution-environment gen1");
  });
  test("--smol picks carry BUN_OPTIONS", () => {
    const smol = fakeCellRecord({
      cpus: 1,
      memoryMiB: 512,
      smol: true,
      ceilingPerSec: 9000,
      peakMemoryMiB: 150,
    });
    expect(only([smol]).recommendation?.gcloud).toContain("--update-env-vars BUN_OPTIONS=--smol");
  });
  test("instance billing uses --no-cpu-throttling and maxInstances caps the command", () => {
    const s = only([good], { billing: "instance", maxInstances: 7, minInstances: 1 });
    expect(s.recommendation?.gcloud).toContain("--min-instances 1 --max-instances 7 --no-cpu-throttling");
  });
});
