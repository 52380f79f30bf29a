import { describe, expect, test } from "bun:test";
import {
  type DaySize,
  type ScalingSettings,
  simulateDay,
} from "../../../runner/cloudrun/autoscaling-model.ts";
import { periodUsage } from "../../../runner/cloudrun/billing.ts";
import { instanceSecondUsd, priceBillings, resolveUnitPrices } from "../../../runner/cloudrun/pricing.ts";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { expandProfile } from "../../../runner/config/traffic-profile.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { planInstances } from "../../../runner/sizing/instance-plan.ts";
import { fakeCellRecord } from "./fixture-builder.ts";

const MIB = 1024 * 1024;
// One instance serves 100/s at its planning ceiling; at the 0.6 target it is planned for 60/s.
const SIZE: DaySize = {
  cpus: 1,
  memoryBytes: 512 * MIB,
  smol: false,
  concurrency: 80,
  ceilingPerSec: 100,
  rates: { ceilingPerSec: 100, cpuPerSec: 60, concurrencyPerSec: null, basis: "test" },
  p50Ms: 10,
  startupMs: 2000,
  egressBytesPerRequest: null,
};
const SCALING: ScalingSettings = {
  scaling: { cpuTarget: 0.6, concurrencyTarget: 0.6 },
  minInstances: 0,
  maxInstances: 100,
  idleMinutes: 15,
};
const flat = (perSec: number) => expandProfile([{ minute: 0, perSec }], "test").perMinute;
// 100/s from 00:00, a step to 1,000/s at 09:00 (minute 540), back to 100/s at midnight.
const step = expandProfile(
  [
    { minute: 0, perSec: 100 },
    { minute: 539, perSec: 100 },
    { minute: 540, perSec: 1000 },
    { minute: 1439, perSec: 1000 },
  ],
  "test",
).perMinute;
const STEP_REQUESTS = (100 * 540 + 1000 * 900) * 60;

describe("the day plan's autoscaling model", () => {
  test("a flat profile gives the steady plan × 24 h: instances, no cold starts, and both bills at 720 hours", () => {
    const sim = simulateDay(flat(1000), SIZE, SCALING);
    const settings = CloudRunSettings.parse({ targetPerSec: 1000 });
    const steady = planInstances(SIZE.rates, settings).instances ?? 0;
    expect(steady).toBe(17);
    expect(sim.instanceMinutes / 60).toBe(steady * 24);
    expect(sim.peakInstances).toBe(17);
    expect(sim.coldStarts).toBe(0);
    expect(sim.exposedRequests).toBe(0);
    const hourly = priceBillings({ ...SIZE, instances: steady, p50Ms: SIZE.p50Ms }, settings).byBilling;
    const cost = (billing: "request" | "instance") => {
      const prices = resolveUnitPrices(settings, billing);
      const used = periodUsage(sim, SIZE, billing, 1);
      const second = instanceSecondUsd(SIZE.cpus, SIZE.memoryBytes, prices);
      return used.activeSeconds * second + (used.requests / 1e6) * prices.millionRequestsUsd;
    };
    expect(cost("instance")).toBeCloseTo((hourly.instance?.costPerHourUsd ?? 0) * 24, 6);
    expect(cost("request")).toBeCloseTo((hourly.request?.costPerHourUsd ?? 0) * 24, 6);
  });

  test("a step from 100/s to 1,000/s at 09:00: the minute's average lags, then 15 cold starts and 2 s exposed", () => {
    const sim = simulateDay(step, SIZE, SCALING);
    // 2 instances (ceil(100 ÷ 60)) before, 17 (ceil(1000 ÷ 60)) after. The autoscaler sees 09:00's average at 09:01:
    // through 09:00 the 2 instances serve 200/s of 1,000/s (60,000 requests exposed), 800/s over them queue.
    expect(sim.coldStarts).toBe(15);
    expect(sim.peakInstances).toBe(17);
    // The queue holds 10 s of the 2 instances' 200/s = 2,000 requests; the other 46,000 of 48,000 get a 429.
    expect(sim.queuedRequests).toBeCloseTo(2000, 6);
    expect(sim.shedRequests).toBeCloseTo(46_000, 6);
    // 09:01: for the 2 s start-up the 2 ready instances serve 200/s of 1,000/s: 2,000 more exposed.
    expect(sim.exposedRequests).toBeCloseTo(62_000, 6);
    expect(sim.exposedMinutes).toBe(2);
    expect(sim.exposedRequests / sim.requests).toBeCloseTo(62_000 / STEP_REQUESTS, 12);
    // A 90 s start-up from 09:01 exposes 09:00, 09:01 whole and half of 09:02.
    const slow = simulateDay(step, { ...SIZE, startupMs: 90_000 }, SCALING);
    expect(slow.exposedRequests).toBeCloseTo(150_000, 6);
    expect(slow.exposedMinutes).toBe(3);
    expect(slow.startingSeconds).toBeCloseTo(15 * 90, 6);
  });

  test("idle retention keeps the 15 no-longer-needed instances 15 min after midnight: +3.75 instance-hours", () => {
    const kept = simulateDay(step, SIZE, SCALING);
    const none = simulateDay(step, SIZE, { ...SCALING, idleMinutes: 0 });
    // Without retention: 2 × 540 min + 17 × 900 min; with it, 15 more instances for 15 min.
    expect(none.instanceMinutes).toBe(2 * 540 + 17 * 900);
    expect(kept.instanceMinutes - none.instanceMinutes).toBe(15 * 15);
    expect((kept.instanceMinutes - none.instanceMinutes) / 60).toBe(3.75);
    expect(kept.coldStarts).toBe(none.coldStarts);
  });

  test("a profile above max instances reports overload and the share shed", () => {
    const sim = simulateDay(flat(1500), SIZE, { ...SCALING, maxInstances: 10 });
    // ceil(1500 ÷ 60) = 25 > 10 every minute; 10 instances serve 1,000/s at their ceiling, 500/s over them queue:
    // the queue takes 10 s of their 1,000/s (10,000 requests) once, and then stays full: the rest get a 429.
    expect(sim.overloadMinutes).toBe(1440);
    expect(sim.peakInstances).toBe(10);
    expect(sim.queuedRequests).toBeCloseTo(10_000, 6);
    expect(sim.shedRequests).toBeCloseTo(500 * 86_400 - 10_000, 6);
    expect(simulateDay(flat(1000), SIZE, { ...SCALING, maxInstances: 17 }).overloadMinutes).toBe(0);
  });

  test("each minute's count is the larger of the two rules; the minutes each rule set it are counted", () => {
    // A waiting service: 48 in flight at 2,400/s, 0.6 of its CPU only at 12,000/s; its SLO holds to 4,000/s.
    const slow: DaySize = {
      ...SIZE,
      ceilingPerSec: 4000,
      rates: { ceilingPerSec: 4000, cpuPerSec: 12_000, concurrencyPerSec: 2400, basis: "test" },
    };
    const sim = simulateDay(flat(10_000), slow, SCALING);
    // ceil(10,000 ÷ 2,400) = 5 by the concurrency rule, against 1 by the CPU rule, every minute.
    expect(sim.peakInstances).toBe(5);
    expect(sim.driverMinutes).toEqual({ cpu: 0, concurrency: 1440, ceiling: 0, manual: 0 });
    const manual = simulateDay(flat(10_000), slow, { ...SCALING, scaling: { manual: 3 } });
    expect(manual.peakInstances).toBe(3);
    expect(manual.driverMinutes.manual).toBe(1440);
  });

  test("min-instances cover the step: idle floor billed at the idle rate under request-based billing", () => {
    const floor = simulateDay(step, SIZE, { ...SCALING, minInstances: 10 });
    // 10 ready instances serve 1,000/s at their ceiling while 7 more start: nothing is exposed.
    expect(floor.exposedRequests).toBe(0);
    expect(floor.coldStarts).toBe(7);
    expect(floor.idleFloorSeconds).toBeGreaterThan(0);
  });
});

describe("planDay through buildSizingReport", () => {
  test("sizes, the cheapest overload-free size and billing, and the min-instances that cap exposure", () => {
    const records = [1, 2].map((cpus) => {
      const record = fakeCellRecord({ cpus, memoryMiB: 512, ceilingPerSec: 100 * cpus, ceilingJitter: 0 });
      record.repetitions = record.repetitions.map((r) => ({ ...r, startupMs: 2000 }));
      return record;
    });
    const settings = CloudRunSettings.parse({
      targetPerSec: 1000,
      maxColdStartExposure: 0,
      day: [
        { at: "00:00", perSec: 100 },
        { at: "08:59", perSec: 100 },
        { at: "09:00", perSec: 1000 },
        { at: "23:59", perSec: 1000 },
      ],
    });
    const plan = buildSizingReport(records, { runId: "day", settings }).dayPlan;
    expect(plan?.sizes.map((s) => s.size)).toEqual(["1 vCPU / 512 MiB", "2 vCPU / 512 MiB"]);
    const one = plan?.sizes[0];
    expect(one?.coldStartsPerDay).toBe(15);
    expect(one?.instanceHoursPerDay).toBeCloseTo((2 * 525 + 17 * 915) / 60, 9);
    expect(one?.overloadMinutes).toBe(0);
    const cheapest = Math.min(
      ...(plan?.sizes.flatMap((s) => [
        s.monthlyCostUsd.request ?? Infinity,
        s.monthlyCostUsd.instance ?? Infinity,
      ]) ?? []),
    );
    expect(plan?.recommended?.withoutMinInstances.monthlyCostUsd).toBeCloseTo(cheapest, 9);
    // Exposure 0 needs the ready floor to carry 1,000/s while the rest start.
    const rec = plan?.recommended;
    const ceiling = plan?.sizes.find((s) => s.size === rec?.size)?.planningCeilingPerSec ?? 0;
    expect(rec?.minInstances).toBe(Math.ceil(1000 / ceiling));
    expect(rec?.coldStartExposedShare).toBe(0);
    expect(rec?.extraMonthlyCostUsd).toBeGreaterThan(0);
    expect(plan?.timeline?.demandPerSec.length).toBe(1440);
  });
});
