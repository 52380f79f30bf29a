import { describe, expect, test } from "bun:test";
import { DEFAULT_PRICES, estimateCost, resolveUnitPrices } from "../../../runner/cloudrun/pricing.ts";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { memoryHeadroom, oomRisk } from "../../../runner/sizing/cell-sizing.ts";
import { planInstances } from "../../../runner/sizing/instance-plan.ts";

const MIB = 1024 * 1024;
const base = { targetPerSec: 10_000, scaling: { cpuTarget: 0.6, concurrencyTarget: 0.6 }, minInstances: 0 };

// A ceiling whose CPU reaches the 0.6 target at 60% of it (CPU proportional to rate), concurrency not binding.
const cpuBound = (ceilingPerSec: number, share = 0.6) => ({
  ceilingPerSec,
  cpuPerSec: ceilingPerSec * share,
  concurrencyPerSec: null,
  basis: "test",
});

describe("planInstances", () => {
  test("the CPU count: ceil(target ÷ the rate where CPU reaches its target)", () => {
    expect(planInstances(cpuBound(9000), base)).toEqual({
      instances: 2,
      driver: "cpu",
      fits: true,
      reason: null,
    });
    expect(planInstances(cpuBound(1000), base).instances).toBe(17); // 10000 / 600 = 16.7
  });
  test("an exact multiple does not round up through float error", () => {
    expect(planInstances(cpuBound(1000, 0.7), { ...base, targetPerSec: 2100 }).instances).toBe(3);
    expect(planInstances(cpuBound(10_000), { ...base, targetPerSec: 6000 }).instances).toBe(1);
  });
  test("at least minInstances and at least 1", () => {
    expect(planInstances(cpuBound(1_000_000), base).instances).toBe(1);
    expect(planInstances(cpuBound(9000), { ...base, minInstances: 5 }).instances).toBe(5);
  });
  test("over maxInstances does not fit", () => {
    const plan = planInstances(cpuBound(1000), { ...base, maxInstances: 10 });
    expect(plan.fits).toBe(false);
    expect(plan.reason).toContain("17 instances");
  });
  test("no ceiling: no plan", () => {
    expect(planInstances(null, base)).toMatchObject({ instances: null, fits: false });
    expect(planInstances(cpuBound(0), base).fits).toBe(false);
  });
});

describe("estimateCost", () => {
  test("request-based: compute for every instance-hour plus one request per message", () => {
    const cost = estimateCost({
      instances: 2,
      cpus: 1,
      memoryBytes: 512 * MIB,
      targetPerSec: 10_000,
      billing: "request",
      prices: DEFAULT_PRICES.tier1.request,
    });
    const compute = 2 * (1 * 0.000024 + 0.5 * 0.0000025) * 3600; // 0.1818
    const requests = 36 * 0.4; // 36 M requests per hour
    expect(cost.costPerHourUsd).toBeCloseTo(compute + requests, 10);
    expect(cost.costPerMillionMessagesUsd).toBeCloseTo((compute + requests) / 36, 10);
  });
  test("request-based compute is billed only for the busy share of the hour", () => {
    const input = {
      instances: 2,
      cpus: 1,
      memoryBytes: 512 * MIB,
      targetPerSec: 10_000,
      billing: "request" as const,
      prices: DEFAULT_PRICES.tier1.request,
    };
    const compute = 2 * (1 * 0.000024 + 0.5 * 0.0000025) * 3600;
    const requests = 36 * 0.4;
    expect(estimateCost({ ...input, billedShare: 0.25 }).costPerHourUsd).toBeCloseTo(
      compute * 0.25 + requests,
      10,
    );
  });
  test("instance-based: compute only", () => {
    const cost = estimateCost({
      instances: 2,
      cpus: 1,
      memoryBytes: 512 * MIB,
      targetPerSec: 10_000,
      billing: "instance",
      prices: DEFAULT_PRICES.tier1.instance,
    });
    expect(cost.costPerHourUsd).toBeCloseTo(2 * (0.000018 + 0.5 * 0.000002) * 3600, 10);
  });
});

describe("prices", () => {
  test("tier 2 instance-based is derived from tier 1 × 1.4", () => {
    const p = resolveUnitPrices(CloudRunSettings.parse({ regionTier: 2 }), "instance");
    expect(p.vcpuSecondUsd).toBeCloseTo(0.0000252, 12);
    expect(p.gibSecondUsd).toBeCloseTo(0.0000028, 12);
  });
  test("overrides replace single prices", () => {
    const p = resolveUnitPrices(
      CloudRunSettings.parse({ prices: { tier1: { request: { millionRequestsUsd: 0 } } } }),
      "request",
    );
    expect(p).toEqual({
      vcpuSecondUsd: 0.000024,
      gibSecondUsd: 0.0000025,
      millionRequestsUsd: 0,
      idleVcpuSecondUsd: 0.0000025,
      idleGibSecondUsd: 0.0000025,
    });
  });
  test("settings are strict and defaulted", () => {
    expect(CloudRunSettings.parse({})).toMatchObject({
      targetPerSec: 10_000,
      utilizationTarget: 0.6,
      concurrency: 80,
    });
    expect(CloudRunSettings.safeParse({ targetPerSec: 1, bogus: true }).success).toBe(false);
    expect(CloudRunSettings.safeParse({ regionTier: 3 }).success).toBe(false);
  });
});

describe("memory headroom and OOM risk", () => {
  test("headroom = 1 − peak ÷ limit", () => {
    expect(memoryHeadroom(384 * MIB, 512 * MIB)).toBeCloseTo(0.25);
    expect(memoryHeadroom(null, 512 * MIB)).toBeNull();
  });
  test("risk from headroom and failed repetitions", () => {
    expect(oomRisk(0.5, 0)).toBe("low");
    expect(oomRisk(0.25, 0)).toBe("medium");
    expect(oomRisk(0.05, 0)).toBe("high");
    expect(oomRisk(0.9, 1)).toBe("high");
    expect(oomRisk(null, 0)).toBe("unknown");
  });
});
