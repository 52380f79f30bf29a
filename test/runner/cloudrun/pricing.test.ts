import { describe, expect, test } from "bun:test";
import { requestBusyShare } from "../../../runner/cloudrun/busy-share.ts";
import { allowedBillings, priceBillings } from "../../../runner/cloudrun/pricing.ts";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";

const MIB = 1024 * 1024;
const oneCpu = { cpus: 1, memoryBytes: 512 * MIB, ceilingPerSec: 5000, p50Ms: 2, concurrency: 80 };
const at = (targetPerSec: number, instances: number, extra: object = {}) =>
  priceBillings({ ...oneCpu, instances }, CloudRunSettings.parse({ targetPerSec, ...extra }));

describe("the billing choice", () => {
  // Instance-based: (0.000018 + 0.5 × 0.000002) × 3600 = $0.0684/h per instance, whatever the load.
  // Request-based: (0.000024 + 0.5 × 0.0000025) × 3600 = $0.0909/h × busy share + $0.40 per million requests.
  test("below the break-even (a trickle): request-based is cheaper, idle time is not billed", () => {
    const p = at(2, 1);
    const busy = 1 - Math.exp(-2 * (0.002 + 0.1)); // 18.4% of the hour's 100 ms slots hold a request
    expect(p.byBilling.request?.costPerHourUsd).toBeCloseTo(0.0909 * busy + 0.0072 * 0.4, 6);
    expect(p.byBilling.instance?.costPerHourUsd).toBeCloseTo(0.0684, 6);
    expect(p.billing).toBe("request");
  });
  test("above the break-even (busy instances): instance-based is cheaper", () => {
    const p = at(2000, 1);
    expect(p.byBilling.request?.costPerHourUsd).toBeCloseTo(0.0909 * (1 - Math.exp(-204)) + 7.2 * 0.4, 6);
    expect(p.billing).toBe("instance");
    expect(p.cost.costPerHourUsd).toBeCloseTo(0.0684, 6);
  });
  test("on either side of the break-even (about 9/s for one such instance, with 100 ms rounding) the choice flips", () => {
    // request(t) = 0.0909 × (1 − e^(−0.102·t)) + 0.00144 × t: 0.0675 at 9/s, 0.0725 at 10/s, against 0.0684.
    expect(at(9, 1).billing).toBe("request");
    expect(at(10, 1).billing).toBe("instance");
  });
  test("below 1 vCPU Cloud Run allows request-based billing only", () => {
    const half = priceBillings(
      { ...oneCpu, cpus: 0.5, instances: 3 },
      CloudRunSettings.parse({ targetPerSec: 2000 }),
    );
    expect(half.billing).toBe("request");
    expect(half.byBilling.instance).toBeNull();
    expect(allowedBillings(0.5, "auto")).toEqual(["request"]);
    expect(allowedBillings(2, "auto")).toEqual(["request", "instance"]);
  });
  test("cloudRun.billing pins one mode: the other is not priced", () => {
    const pinned = at(2000, 1, { billing: "request" });
    expect(pinned.billing).toBe("request");
    expect(pinned.byBilling.instance).toBeNull();
  });
});

describe("requestBusyShare", () => {
  test("concurrency 1: a slot is free when the instance is idle (1 − ρ) and nothing arrives in 100 ms", () => {
    // 3/s against a ceiling of 10/s: 1 − 0.7 × e^(−0.3) = 0.48143…
    const share = requestBusyShare({ perInstancePerSec: 3, ceilingPerSec: 10, p50Ms: 1, concurrency: 1 });
    expect(share).toBeCloseTo(1 - 0.7 * Math.exp(-0.3), 12);
    expect(share).toBeCloseTo(0.48143, 5);
  });
  test("rounding to 100 ms: 5 requests/s of 20 ms bill 45% of the time, not 9.5%", () => {
    const share = requestBusyShare({ perInstancePerSec: 5, ceilingPerSec: 1000, p50Ms: 20, concurrency: 80 });
    // Unrounded 1 − e^(−5 × 0.02) = 0.09516; slots of 100 ms: 1 − e^(−5 × 0.12) = 0.45119.
    expect(share).toBeCloseTo(0.45119, 5);
  });
  test("above: the chance a slot holds a request, 1 − e^(−λ(W + 0.1)), capped at 1", () => {
    const share = requestBusyShare({
      perInstancePerSec: 100,
      ceilingPerSec: 1000,
      p50Ms: 5,
      concurrency: 80,
    });
    expect(share).toBeCloseTo(1 - Math.exp(-100 * 0.105), 10);
    expect(requestBusyShare({ perInstancePerSec: 1e6, ceilingPerSec: 1e6, p50Ms: 5, concurrency: 80 })).toBe(
      1,
    );
  });
  test("no latency known: billed as always busy", () => {
    expect(
      requestBusyShare({ perInstancePerSec: 1, ceilingPerSec: 1000, p50Ms: null, concurrency: 80 }),
    ).toBe(1);
  });
});
