import { describe, expect, test } from "bun:test";
import { GeneratorStepConfig } from "../../../../contract/generator-step.ts";
import { generatorStepConfig } from "../../../../runner/load/bun-generator/generator-step-config.ts";
import { stepRequest } from "./step-request.ts";

describe("generatorStepConfig", () => {
  test("an open step: its rate, planned requests, the rate window from one SLO to the end; valid for the contract", () => {
    const config = generatorStepConfig(stepRequest());
    expect(GeneratorStepConfig.parse(config)).toEqual(config);
    expect(config).toMatchObject({
      kind: "open",
      ratePerSec: 200,
      concurrency: 10,
      durationMs: 5000,
      sloP99Ms: 100,
      rateFromMs: 100,
      rateToMs: 5000,
      plannedRequests: 1000,
      port: 8080,
      workload: null,
      flags: {},
      workers: 1,
    });
  });

  test("a closed step (the probe): no rate, no window, no plan", () => {
    const config = generatorStepConfig(stepRequest({ kind: "closed", ratePerSec: null }));
    expect(GeneratorStepConfig.safeParse(config).success).toBe(true);
    expect(config).toMatchObject({ kind: "closed", ratePerSec: null, rateFromMs: null, rateToMs: null });
    expect(config.plannedRequests).toBeNull();
  });

  test("drain and request timeout are 10 x the SLO, at least 1 s", () => {
    const at = (sloP99Ms: number) => generatorStepConfig(stepRequest({ sloP99Ms }));
    expect([at(250).drainMs, at(250).timeoutMs]).toEqual([2500, 2500]);
    expect([at(50).drainMs, at(50).timeoutMs]).toEqual([1000, 1000]);
    expect([at(100).drainMs, at(100).timeoutMs]).toEqual([1000, 1000]);
    // A short step counts its second half only.
    expect(generatorStepConfig(stepRequest({ sloP99Ms: 2000, durationMs: 3000 })).rateFromMs).toBe(1500);
  });

  test("bounds: whole ms, at least one planned request, a rate, a whole concurrency, something to send", () => {
    expect(generatorStepConfig(stepRequest({ durationMs: 1234.6 })).durationMs).toBe(1235);
    expect(generatorStepConfig(stepRequest({ ratePerSec: 0.1, durationMs: 1000 })).plannedRequests).toBe(1);
    expect(() => generatorStepConfig(stepRequest({ ratePerSec: null }))).toThrow(/positive ratePerSec/);
    expect(() => generatorStepConfig(stepRequest({ ratePerSec: 0 }))).toThrow(RangeError);
    expect(() => generatorStepConfig(stepRequest({ concurrency: 0 }))).toThrow(/concurrency/);
    expect(() => generatorStepConfig(stepRequest({ concurrency: 1.5 }))).toThrow(/whole number/);
    expect(() => generatorStepConfig(stepRequest({ requests: [] }))).toThrow(/at least one request/);
    // A module needs no request mix.
    const module = { imagePath: null, source: "export default {}" };
    expect(generatorStepConfig(stepRequest({ requests: [], workload: module })).requests).toEqual([]);
  });

  test("workers: as asked, never more than the concurrency (each takes a share of it), at least one", () => {
    expect(generatorStepConfig(stepRequest({ workers: 2, concurrency: 10 })).workers).toBe(2);
    expect(generatorStepConfig(stepRequest({ workers: 8, concurrency: 3 })).workers).toBe(3);
    expect(generatorStepConfig(stepRequest({ workers: 4, concurrency: 1 })).workers).toBe(1);
    expect(generatorStepConfig(stepRequest({ workers: 0 })).workers).toBe(1);
  });

  test('a workload module: its image path when bundled, "-" (stdin) for a user\'s; flags pass through', () => {
    const bundled = { imagePath: "/app/service/workloads/ingest.ts", source: "baked in the image" };
    const user = { imagePath: null, source: "export default {}" };
    expect(generatorStepConfig(stepRequest({ workload: bundled })).workload).toBe(bundled.imagePath);
    expect(generatorStepConfig(stepRequest({ workload: user })).workload).toBe("-");
    const flags = { batch: 10, payload: "small", "keep-alive": true };
    expect(generatorStepConfig(stepRequest({ workload: user, flags })).flags).toEqual(flags);
  });
});
