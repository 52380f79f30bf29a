import { describe, expect, test } from "bun:test";
import {
  type CurveLevel,
  driverRates,
  instancesFor,
  ScalingSetting,
} from "../../../runner/cloudrun/autoscaler.ts";
import { scalingNote } from "../../../runner/cloudrun/gcloud-command.ts";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { planInstances } from "../../../runner/sizing/instance-plan.ts";

// A CPU-heavy service at 1 vCPU, --concurrency 80: 1 ms of CPU a request, 2 ms in flight; its ceiling 1,000/s.
const CPU_HEAVY: CurveLevel[] = [250, 500, 750, 1000].map((r) => ({
  perSec: r,
  inFlight: r * 0.002,
  cpuCores: r * 0.001,
}));
// A slow one: a 20 ms wait and 0.05 ms of CPU a request; the cap of 80 in flight sets its ceiling at 4,000/s.
const SLOW: CurveLevel[] = [1000, 2000, 3000, 4000].map((r) => ({
  perSec: r,
  inFlight: r * 0.02,
  cpuCores: r * 0.00005,
}));
const defaults = ScalingSetting.parse({});
const rates = (curve: CurveLevel[], ceilingPerSec: number, scaling = defaults) =>
  driverRates({ curve, ceilingPerSec, cpus: 1, concurrency: 80, scaling, factor: null, fallbackTarget: 0.6 });

describe("Cloud Run's two drivers, counted by hand", () => {
  test("a CPU-heavy curve: the CPU rule binds", () => {
    const r = rates(CPU_HEAVY, 1000);
    // 0.6 of the quota at 600/s (between 500/s at 0.5 and 750/s at 0.75 cores); 48 in flight only at 24,000/s.
    expect(r.cpuPerSec).toBeCloseTo(600, 9);
    expect(r.concurrencyPerSec).toBeCloseTo(24_000, 9);
    // 3,000/s: CPU ceil(3000 ÷ 600) = 5, concurrency ceil(3000 ÷ 24000) = 1, the SLO ceil(3000 ÷ 1000) = 3.
    expect(instancesFor(3000, r, defaults)).toEqual({ instances: 5, driver: "cpu" });
  });

  test("a slow curve: the concurrency rule binds", () => {
    const r = rates(SLOW, 4000);
    // 48 in flight (0.6 × 80) at 2,400/s; 0.6 cores only at 12,000/s (beyond the curve, proportional).
    expect(r.concurrencyPerSec).toBeCloseTo(2400, 9);
    expect(r.cpuPerSec).toBeCloseTo(12_000, 9);
    // 10,000/s: concurrency ceil(10000 ÷ 2400) = 5, CPU 1, the SLO 3.
    expect(instancesFor(10_000, r, defaults)).toEqual({ instances: 5, driver: "concurrency" });
  });

  test("concurrencyTarget 0.8: 64 in flight at 3,200/s, so ceil(10,000 ÷ 3,200) = 4", () => {
    const scaling = ScalingSetting.parse({ concurrencyTarget: 0.8 });
    const r = rates(SLOW, 4000, scaling);
    expect(r.concurrencyPerSec).toBeCloseTo(3200, 9);
    expect(instancesFor(10_000, r, scaling)).toEqual({ instances: 4, driver: "concurrency" });
  });

  test("manual: 3 gives 3 whatever the load", () => {
    const scaling = ScalingSetting.parse({ manual: 3 });
    expect(instancesFor(10_000, rates(SLOW, 4000, scaling), scaling)).toEqual({
      instances: 3,
      driver: "manual",
    });
    const settings = CloudRunSettings.parse({ targetPerSec: 10, scaling: { manual: 3 } });
    expect(planInstances(rates(SLOW, 4000, settings.scaling), settings)).toMatchObject({
      instances: 3,
      driver: "manual",
    });
  });

  test("when both rules would run fewer than the SLO needs, the ceiling binds and says so", () => {
    const scaling = ScalingSetting.parse({ cpuTarget: 0.9, concurrencyTarget: 0.95 });
    // CPU reaches 0.9 of a core at 900/s, but the SLO holds only to 800/s: at 4,500/s the CPU rule runs
    // ceil(4500 ÷ 900) = 5, the SLO needs ceil(4500 ÷ 800) = 6.
    const r = rates(CPU_HEAVY, 800, scaling);
    expect(r.cpuPerSec).toBeCloseTo(900, 9);
    expect(instancesFor(4500, r, scaling)).toEqual({ instances: 6, driver: "ceiling" });
  });

  test("no CPU measured: CPU is taken to reach the quota at the ceiling, at cloudRun.utilizationTarget", () => {
    const r = rates([], 1000);
    expect(r.cpuPerSec).toBe(600);
    expect(r.concurrencyPerSec).toBeNull();
    expect(r.basis).toContain("CPU not measured");
  });
});

describe("the targets as the platform takes them", () => {
  test("defaults need nothing; other targets and manual scaling are the service YAML's fields", () => {
    expect(scalingNote(defaults)).toBeNull();
    expect(scalingNote(ScalingSetting.parse({ concurrencyTarget: 0.8 }))).toContain(
      "scaling.cpuUtilization: 0.6 and scaling.concurrencyUtilization: 0.8",
    );
    expect(scalingNote(ScalingSetting.parse({ manual: 3 }))).toContain("manualInstanceCount: 3");
  });
  test("targets outside Cloud Run's ranges are refused, naming the range", () => {
    const bad = CloudRunSettings.safeParse({ scaling: { cpuTarget: 0.95 } });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain("at most 0.9");
  });
});
