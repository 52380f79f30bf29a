import { expect, test } from "bun:test";
import { parseResult } from "../../contract/parse-result.ts";
import { validResult } from "./result-fixture.ts";

const percentiles = { count: 10, p50Ms: 1, p90Ms: 2, p95Ms: 3, p99Ms: 4, p999Ms: 5, maxMs: 6 };
const stepOf = (extra: Record<string, unknown>) => ({
  phase: "confirm",
  offeredPerSec: 100,
  achievedPerSec: 99,
  durationMs: 1000,
  latency: percentiles,
  errors: 0,
  lost: 0,
  sloMet: true,
  ...extra,
});
const lineWith = (step: Record<string, unknown>) => JSON.stringify({ ...validResult(), steps: [step] });

test("a stored v1 step without dropped/CPU fields still parses: nothing dropped, CPU unknown", () => {
  const [step] = parseResult(lineWith(stepOf({}))).steps;
  expect(step).toMatchObject({
    dropped: 0,
    processCpuSeconds: null,
    generatorCpuSeconds: null,
    sloMet: true,
  });
});

test("a step carrying dropped and CPU seconds keeps them", () => {
  const line = lineWith(stepOf({ dropped: 3, processCpuSeconds: 0.25, generatorCpuSeconds: 0.01 }));
  const [step] = parseResult(line).steps;
  expect(step).toMatchObject({ dropped: 3, processCpuSeconds: 0.25, generatorCpuSeconds: 0.01 });
});

test("a negative dropped count is rejected", () => {
  expect(() => parseResult(lineWith(stepOf({ dropped: -1 })))).toThrow("dropped");
});
