import { describe, expect, test } from "bun:test";
import type { LoadStep } from "../../../contract/result.ts";
import { stepLimits, turnaroundShare } from "../../../runner/load/generator-trust.ts";

/** A 10 s step at 1000/s; the generator punctual, the host quiet (0.5 + 0.3 + 0.1 of 2 cores); override the rest. */
const step = (overrides: Partial<LoadStep> = {}): LoadStep => ({
  phase: "confirm",
  offeredPerSec: 1000,
  achievedPerSec: 1000,
  durationMs: 10_000,
  latency: { count: 10_000, p50Ms: 2, p90Ms: 3, p95Ms: 4, p99Ms: 6, p999Ms: 9, maxMs: 12 },
  errors: 0,
  lost: 0,
  dropped: 0,
  processCpuSeconds: 5,
  generatorCpuSeconds: 3,
  generatorSendLagP99Ms: 0.5,
  generatorTurnaroundMeanMs: 0.05,
  operationMeanMs: 2,
  hostOtherCpuCores: 0.1,
  sloMet: true,
  ...overrides,
});
const context = { sloP99Ms: 100, hostCores: 2, concurrency: 80, generatorWorkers: 1 };

describe("stepLimits", () => {
  test("a punctual generator on a host with a spare core: nothing but the service", () => {
    expect(stepLimits(step(), context)).toEqual([]);
  });

  test("send lag over 10% of the SLO: the generator, with the figures in the reason", () => {
    const limits = stepLimits(step({ generatorSendLagP99Ms: 12.3 }), context);
    expect(limits.map((l) => l.limit)).toEqual(["generator"]);
    expect(limits[0]?.reason).toBe(
      "at 1000/s the generator's send lag p99 was 12.3 ms (over 10% of the 100 ms SLO)",
    );
    expect(stepLimits(step({ generatorSendLagP99Ms: 10 }), context)).toEqual([]);
    expect(stepLimits(step({ generatorSendLagP99Ms: 10 }), { ...context, sloP99Ms: 50 })).toHaveLength(1);
  });

  test("host busy at 90% of its cores or more: the host, naming the generator's share and the other load", () => {
    // 0.5 service + 0.3 generator + 1.0 other = 1.8 of 2 cores.
    const limits = stepLimits(step({ hostOtherCpuCores: 1.0 }), context);
    expect(limits.map((l) => l.limit)).toEqual(["host"]);
    expect(limits[0]?.reason).toBe(
      "at 1000/s the host had no spare core (1.80 of 2 busy: generator 0.30, other load 1.00)",
    );
    expect(stepLimits(step({ hostOtherCpuCores: 0.9 }), context)).toEqual([]); // 1.7 of 2
    // A busy generator alone counts too.
    expect(stepLimits(step({ generatorCpuSeconds: 13 }), context).map((l) => l.limit)).toEqual([
      "generator",
      "host",
    ]);
  });

  test("the generator at 85% of its worker threads' cores or more: the generator, however many threads", () => {
    const limits = stepLimits(step({ generatorCpuSeconds: 8.5, hostOtherCpuCores: 0 }), context);
    expect(limits).toEqual([
      {
        limit: "generator",
        reason: "at 1000/s the generator had no spare CPU (0.85 cores busy on its 1 worker thread)",
      },
    ]);
    expect(stepLimits(step({ generatorCpuSeconds: 8.4, hostOtherCpuCores: 0 }), context)).toEqual([]);
    expect(
      stepLimits(step({ generatorCpuSeconds: 8.5 }), { ...context, hostCores: 4, generatorWorkers: 2 }),
    ).toEqual([]);
  });

  test("what was not measured is not judged: no host verdict without the host, the service or the generator CPU", () => {
    expect(stepLimits(step({ hostOtherCpuCores: null, generatorCpuSeconds: 8 }), context)).toEqual([]);
    expect(stepLimits(step({ processCpuSeconds: null, hostOtherCpuCores: 5 }), context)).toEqual([]);
    expect(stepLimits(step({ generatorCpuSeconds: null, hostOtherCpuCores: 5 }), context)).toEqual([]);
    expect(
      stepLimits(step({ generatorSendLagP99Ms: null, generatorTurnaroundMeanMs: null }), context),
    ).toEqual([]);
  });

  test("turnaround over 25% of the request cycle: the generator, in series with the service", () => {
    // 1 ms turnaround, 2 ms operation: a third of each cycle.
    const limits = stepLimits(step({ generatorTurnaroundMeanMs: 1, operationMeanMs: 2 }), {
      ...context,
      concurrency: 1,
    });
    expect(limits.map((l) => l.limit)).toEqual(["generator"]);
    expect(limits[0]?.reason).toBe(
      "at 1000/s the generator's turnaround was 33% of each request cycle (over 25%) at concurrency 1",
    );
    expect(stepLimits(step({ generatorTurnaroundMeanMs: 0.5, operationMeanMs: 2 }), context)).toEqual([]);
  });

  test("several limits at once are all named", () => {
    const limits = stepLimits(
      step({ generatorSendLagP99Ms: 40, hostOtherCpuCores: 1.5, generatorTurnaroundMeanMs: 3 }),
      context,
    );
    expect(limits.map((l) => l.limit)).toEqual(["generator", "host", "generator"]);
  });
});

describe("turnaroundShare", () => {
  test("turnaround over turnaround + operation; null when either is unknown or the cycle is empty", () => {
    expect(turnaroundShare(step({ generatorTurnaroundMeanMs: 1, operationMeanMs: 3 }))).toBe(0.25);
    expect(turnaroundShare(step({ generatorTurnaroundMeanMs: 0, operationMeanMs: 3 }))).toBe(0);
    expect(turnaroundShare(step({ generatorTurnaroundMeanMs: null }))).toBeNull();
    expect(turnaroundShare(step({ operationMeanMs: undefined }))).toBeNull();
    expect(turnaroundShare(step({ generatorTurnaroundMeanMs: 0, operationMeanMs: 0 }))).toBeNull();
  });
});
