import { describe, expect, test } from "bun:test";
import { CloudRunSettings, type CloudRunSettingsInput } from "../../../runner/config/cloud-run-settings.ts";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { mixedCapacity } from "../../../runner/sizing/mixed-rates.ts";
import { trafficShares } from "../../../runner/sizing/recommend-service.ts";
import { E2E, INGEST, servedRecord } from "../report/service-run-fixture.ts";
import { fakeCellRecord } from "./fixture-builder.ts";

const size = (records: CellRecord[], settings: CloudRunSettingsInput = {}) =>
  buildSizingReport(records, {
    runId: "r",
    settings: CloudRunSettings.parse(settings),
    generatedAt: "2026-11-01T00:00:00.000Z",
  });

describe("mixedCapacity", () => {
  test("1 ÷ Σ(share ÷ ceiling): 80% at 10,000/s and 20% at 2,000/s is 5,556/s, not the 8,400/s weighted mean", () => {
    // a mixed request costs 0.8/10000 + 0.2/2000 = 0.00018 instance-seconds
    expect(
      mixedCapacity([
        { share: 0.8, ceilingPerSec: 10_000 },
        { share: 0.2, ceilingPerSec: 2000 },
      ]),
    ).toBeCloseTo(1 / 0.00018, 6);
  });
  test("one workload alone is its own ceiling; equal ceilings mix to the same", () => {
    expect(mixedCapacity([{ share: 1, ceilingPerSec: 700 }])).toBe(700);
    expect(
      mixedCapacity([
        { share: 0.5, ceilingPerSec: 900 },
        { share: 0.5, ceilingPerSec: 900 },
      ]),
    ).toBeCloseTo(900, 9);
  });
  test("shares are normalised; a part without a ceiling leaves no answer", () => {
    expect(
      mixedCapacity([
        { share: 4, ceilingPerSec: 1000 },
        { share: 1, ceilingPerSec: 250 },
      ]),
    ).toBeCloseTo(1 / (0.8 / 1000 + 0.2 / 250), 6);
    expect(mixedCapacity([{ share: 1, ceilingPerSec: 0 }])).toBeNull();
    expect(mixedCapacity([])).toBeNull();
  });
});

describe("trafficShares", () => {
  test("no cloudRun.traffic: an equal split", () => {
    expect([...trafficShares(["a", "b"]).shares]).toEqual([
      ["a", 0.5],
      ["b", 0.5],
    ]);
  });
  test("traffic normalised over the measured scenarios; the others are named, not mixed", () => {
    const t = trafficShares(["ping", "json", "mix"], { ping: 8, json: 2, gone: 1 });
    expect(t.shares.get("ping")).toBeCloseTo(0.8, 12);
    expect(t.shares.has("mix")).toBe(false);
    expect(t.notes.join(" ")).toContain("gone, which this run did not measure");
    expect(t.notes.join(" ")).toContain("left out of the service's mix: mix");
  });
});

describe("the service recommendation", () => {
  // Two endpoints of one service at 0.5 vCPU (concurrency 1) and 1 vCPU (concurrency 80).
  const service = (extra: { ingestJitter?: number; contended?: boolean } = {}) =>
    [0.5, 1].flatMap((cpus) => {
      const concurrency = cpus < 1 ? 1 : 80;
      const common = { cpus, memoryMiB: 512, concurrency, peakMemoryMiB: 40, stepCores: cpus * 0.9 };
      const ingest = servedRecord({
        ...common,
        scenario: "ingest",
        ceilingPerSec: 4000 * cpus,
        ceilingJitter: extra.ingestJitter ?? 0.01,
        workload: INGEST,
      });
      if (extra.contended) for (const r of ingest.repetitions) r.contended = true;
      return [
        ingest,
        servedRecord({ ...common, scenario: "e2e", ceilingPerSec: 1000 * cpus, workload: E2E }),
      ];
    });

  test("one size for the whole service from the mixed capacity, with the assumption said", () => {
    const report = size(service(), { targetPerSec: 2000, traffic: { ingest: 0.8, e2e: 0.2 } });
    const rec = report.serviceRecommendation;
    const mixed = 1 / (0.8 / 4000 + 0.2 / 1000); // 2,500/s at 1 vCPU
    expect(rec).toMatchObject({ cpus: 1, concurrency: 80, billing: "instance", instances: 2 });
    expect(rec?.mixedCapacityPerSec).toBeCloseTo(mixed, 6);
    expect(rec?.workloads.map((w) => [w.scenario, w.share])).toEqual([
      ["ingest", 0.8],
      ["e2e", 0.2],
    ]);
    expect(rec?.gcloud).toContain("--cpu 1 --memory 512Mi --concurrency 80");
    expect(rec?.gcloud).toContain("--no-cpu-throttling");
    expect(rec?.assumption).toContain("CPU-additive");
    expect(report.serviceFindings?.join(" ")).toContain(
      "Traffic mix: ingest 80%, e2e 20% (cloudRun.traffic)",
    );
    // The per-endpoint sections stay, each with its own answer.
    expect(report.scenarios.map((s) => s.scenario)).toEqual(["e2e", "ingest"]);
  });
  test("without cloudRun.traffic: an equal split, and it says so", () => {
    const report = size(service(), { targetPerSec: 2000 });
    expect(report.serviceRecommendation?.mixedCapacityPerSec).toBeCloseTo(1 / (0.5 / 4000 + 0.5 / 1000), 6);
    expect(report.serviceFindings?.join(" ")).toContain("an equal split");
  });
  test("a trickle: 0.5 vCPU under request-based billing is the cheaper size, with --cpu-throttling", () => {
    // 5/s: with 100 ms rounding a 1 vCPU instance bills most of its slots; half a vCPU bills less.
    const rec = size(service(), { targetPerSec: 5 }).serviceRecommendation;
    expect(rec).toMatchObject({
      cpus: 0.5,
      concurrency: 1,
      billing: "request",
      otherBillingCostPerHourUsd: null,
    });
    expect(rec?.gcloud).toContain("--concurrency 1");
    expect(rec?.gcloud).toContain("--cpu-throttling");
  });
  test("wide and contended cells still answer, and the answer says what it rests on", () => {
    const rec = size(service({ ingestJitter: 0.1, contended: true }), {
      targetPerSec: 2000,
    }).serviceRecommendation;
    expect(rec).not.toBeNull();
    expect(rec?.workloads.find((w) => w.scenario === "ingest")).toMatchObject({
      wide: true,
      contendedRepetitions: 3,
    });
    expect(rec?.warnings).toContain("ingest is wide: planned on its lowest confirmed repetition");
    expect(rec?.warnings.join(" ")).toContain("3 of 6 (50%) ran while other load on the host disturbed them");
  });
  test("no size with a usable cell for every scenario: none, and why", () => {
    const records = [
      fakeCellRecord({ scenario: "a", cpus: 1, memoryMiB: 512, ceilingPerSec: 1000, peakMemoryMiB: 100 }),
      fakeCellRecord({ scenario: "b", cpus: 2, memoryMiB: 512, ceilingPerSec: 1000, peakMemoryMiB: 100 }),
    ];
    const report = size(records);
    expect(report.serviceRecommendation).toBeNull();
    expect(report.serviceFindings?.join(" ")).toContain("for the whole mix");
  });
});
