import { describe, expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { readTrafficCsv } from "../../../runner/config/traffic-profile.ts";
import { dayPlanSummary } from "../../../runner/report/report-sections.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";

/*
 * The weekday example's month, worked by hand (a calculator, not this code), for one 1 vCPU / 512 MiB size whose
 * ceiling (10,000/s, CPU 0.9 of a core there) keeps one instance up all day: the profile's peak is 2,000/s.
 *
 * Requests: the CSV's 24 hourly rates sum to 21,120/s; linear between them and wrapping, each hour averages the mean
 * of its two ends, so a day is 3,600 × 21,120 = 76,032,000 requests, and a 730-hour month 76,032,000 × 730 ÷ 24 =
 * 2,312,640,000.
 * Instance time: 1 instance × 730 h × 3,600 = 2,628,000 s.
 *  - instance-based: 2,628,000 × (1 × $0.000018 + 0.5 GiB × $0.000002) = $49.932
 *  - request-based: every 100 ms slot holds a request (at the quietest, 100/s: 1 − e^(−100 × 0.109) ≈ 1 − 2·10⁻⁵),
 *    so 2,628,000 × (1 × $0.000024 + 0.5 × $0.0000025) = $66.357; requests 2,312.64 million × $0.40 = $925.056
 * Egress: 1,000 response bytes a request, 2,312,640,000,000 B ÷ 2³⁰ = 2,153.81 GiB × $0.12 = $258.46
 * Free tier (tier 1 prices): request-based 180,000 × $0.000024 + 360,000 × $0.0000025 + 2 M × $0.40/M
 *  + 1 GiB × $0.12 = $4.32 + $0.90 + $0.80 + $0.12 = $6.14; instance-based 240,000 × $0.000018 + 450,000 ×
 *  $0.000002 + $0.12 = $4.32 + $0.90 + $0.12 = $5.34.
 */
const HAND = {
  instance: {
    instances: 49.93,
    requests: 0,
    egress: 258.46,
    freeTier: 5.34,
    total: 308.39,
    totalFree: 303.05,
  },
  request: {
    instances: 66.36,
    requests: 925.06,
    egress: 258.46,
    freeTier: 6.14,
    total: 1249.87,
    totalFree: 1243.73,
  },
} as const;

const cents = (usd: number) => Math.round(usd * 100);

async function weekday(extra: Record<string, unknown> = {}) {
  const record = fakeCellRecord({
    cpus: 1,
    memoryMiB: 512,
    ceilingPerSec: 10_000,
    ceilingJitter: 0,
    stepCores: 0.9,
    responseBytesPerRequest: 1000,
    p99AtCeilingMs: 30,
  });
  record.repetitions = record.repetitions.map((r) => ({ ...r, startupMs: 2000 }));
  const traffic = await readTrafficCsv("examples/traffic/weekday.csv");
  const settings = CloudRunSettings.parse({ targetPerSec: 2000, ...extra });
  return buildSizingReport([record], { runId: "weekday", settings, traffic });
}

describe("the weekday example's monthly bill, against the hand-worked table", () => {
  for (const freeTier of [false, true])
    test(`both billings to the cent, free tier ${freeTier ? "taken off" : "named, not taken off"}`, async () => {
      const report = await weekday({ freeTier });
      const size = report.dayPlan?.sizes[0];
      expect(report.dayPlan?.requestsPerDay).toBeCloseTo(76_032_000, 3);
      expect(size?.peakInstances).toBe(1);
      for (const billing of ["instance", "request"] as const) {
        const bill = size?.bills?.[billing];
        const hand = HAND[billing];
        expect(cents(bill?.instancesUsd ?? -1)).toBe(cents(hand.instances));
        expect(cents(bill?.requestsUsd ?? -1)).toBe(cents(hand.requests));
        expect(cents(bill?.egressUsd ?? -1)).toBe(cents(hand.egress));
        expect(cents(bill?.freeTierUsd ?? -1)).toBe(cents(hand.freeTier));
        expect(cents(bill?.totalUsd ?? -1)).toBe(cents(freeTier ? hand.totalFree : hand.total));
        expect(bill?.freeTierApplied).toBe(freeTier);
      }
    });

  test("report --traffic prints the instance, request, egress and free-tier lines of the recommended month", async () => {
    const report = await weekday();
    expect(report.dayPlan?.recommended).toMatchObject({ billing: "instance", minInstances: 0 });
    const lines = dayPlanSummary(report)?.lines.join("\n") ?? "";
    expect(lines).toContain(
      "Month (730 h), instance-based, min-instances 0: instances $49.93 · requests $0.00 · egress $258.46 " +
        "(2,153.8 GiB at $0.12/GiB) · free tier would take off $5.34 (cloudRun.freeTier is off) · total $308.39",
    );
    expect(lines).toContain(
      "request-based, min-instances 0: instances $66.36 · requests $925.06 · egress $258.46",
    );
    expect(lines).toContain("free tier would take off $6.14 (cloudRun.freeTier is off) · total $1249.87");
  });

  test("one max-instances from the day plan to the gcloud line", async () => {
    const report = await weekday();
    const max = report.serviceRecommendation?.maxInstances;
    expect(max).toBe(100); // cloudRun.maxInstances unset: Cloud Run's default
    expect(report.dayPlan?.maxInstances).toBe(max);
    expect(report.serviceRecommendation?.gcloud).toContain(`--max-instances ${max} `);
    const capped = await weekday({ maxInstances: 7 });
    expect(capped.dayPlan?.maxInstances).toBe(7);
    expect(capped.serviceRecommendation?.gcloud).toContain("--max-instances 7 ");
  });

  test("the steps' counted bytes price the steady plan's egress too: $0.0684 + $0.8047 an hour at 2,000/s", async () => {
    const cell = (await weekday()).scenarios[0]?.cells[0];
    expect(cell?.egressBytesPerRequest).toBe(1000);
    // One instance-based instance $0.0684/h; 2,000/s × 3,600 s × 1,000 B ÷ 2³⁰ = 6.7055 GiB × $0.12 = $0.8047.
    expect(cell?.costPerHourUsdByBilling?.instance).toBeCloseTo(0.0684 + 0.80466, 4);
  });

  test("cloudRun.egressUsdPerGiB 0 turns egress off: the same month less $258.46", async () => {
    const bill = (await weekday({ egressUsdPerGiB: 0 })).dayPlan?.sizes[0]?.bills?.instance;
    expect(cents(bill?.egressUsd ?? -1)).toBe(0);
    expect(cents(bill?.totalUsd ?? -1)).toBe(cents(HAND.instance.total - HAND.instance.egress));
  });
});
