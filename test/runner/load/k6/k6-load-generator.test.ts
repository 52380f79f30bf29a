import { describe, expect, test } from "bun:test";
import { GeneratorOutputError } from "../../../../runner/load/k6/generator-output-error.ts";
import { createK6LoadGenerator } from "../../../../runner/load/k6/k6-load-generator.ts";
import { parseReadyAtMs } from "../../../../runner/load/k6/parse-ready-at-ms.ts";
import type { StepRequest } from "../../../../runner/load/load-generator.ts";

const generator = createK6LoadGenerator("bun-capacity/k6:1.1.0-abc", "1.1.0");
const get = { weight: 1, method: "GET", path: "/", headers: {}, body: null };
const open: StepRequest = {
  kind: "open",
  ratePerSec: 200,
  concurrency: 10,
  durationMs: 5000,
  sloP99Ms: 100,
  port: 8080,
  requests: [get, { ...get, weight: 3, method: "POST", path: "/echo", body: "{}" }],
  script: null,
  phase: "bisect",
};

function summary(fields: Record<string, unknown> = {}, latency: Record<string, number> = {}): string {
  return JSON.stringify({
    bcStepSummary: 1,
    kind: "open",
    plannedRequests: 1000,
    started: 1000,
    completed: 1000,
    // 200/s x 5 s at a 100 ms SLO: the rate window is 100..5000 ms.
    completedInWindow: 980,
    errors: 0,
    late: 0,
    lastSendMs: 4995,
    lastDoneMs: 5000,
    latency: { count: 1000, p50Ms: 2, p90Ms: 4, p95Ms: 5, p99Ms: 9, p999Ms: 20, maxMs: 30, ...latency },
    ...fields,
  });
}
const parse = (stdout: string, request = open) =>
  generator.parseStep(request, { stdout, stderr: "", cpuSeconds: 1.5 });

describe("stepContainer", () => {
  test("open loop: rate x duration planned requests, the mix and loopback target in BC_STEP, the baked script", () => {
    const spec = generator.stepContainer(open);
    expect(spec.image).toBe("bun-capacity/k6:1.1.0-abc");
    expect(spec.cmd).toEqual([
      "k6",
      "run",
      "--quiet",
      "--log-output=stderr",
      "/bun-capacity/requests-step.js",
    ]);
    expect(spec.stdin).toBeUndefined();
    const step = JSON.parse(spec.env.BC_STEP as string);
    expect(step).toMatchObject({ kind: "open", ratePerSec: 200, concurrency: 10, plannedRequests: 1000 });
    expect(step.baseUrl).toBe("http://127.0.0.1:8080");
    expect(step.requests).toHaveLength(2);
    expect(step.drainMs).toBe(1000);
    expect(step).toMatchObject({ rateFromMs: 100, rateToMs: 5000 });
    expect(step.timeoutMs).toBe(1000);
    // Go's GC target: k6 allocates per request, the default (100) costs ~20% of its CPU.
    expect(spec.env.GOGC).toBe("400");
  });

  test("closed loop plans no count; a long SLO stretches the drain and timeout", () => {
    const spec = generator.stepContainer({ ...open, kind: "closed", ratePerSec: null, sloP99Ms: 500 });
    expect(JSON.parse(spec.env.BC_STEP as string)).toMatchObject({
      plannedRequests: null,
      drainMs: 5000,
      timeoutMs: 5000,
    });
  });

  test("a user's script goes on stdin and gets rate, concurrency and duration in its environment", () => {
    const spec = generator.stepContainer({ ...open, script: "export default () => {}" });
    expect(spec.cmd.at(-1)).toBe("-");
    expect(spec.stdin).toBe("export default () => {}");
    expect(spec.env).toMatchObject({ BC_RATE_PER_SEC: "200", BC_CONCURRENCY: "10", BC_DURATION_MS: "5000" });
  });

  test("a step too big for one variable is inlined in a script on stdin", () => {
    const big = { ...get, body: "x".repeat(200_000) };
    const spec = generator.stepContainer({ ...open, requests: [big] });
    expect(spec.cmd.at(-1)).toBe("-");
    expect(spec.env.BC_STEP).toBe("");
    expect(spec.stdin).toContain('from "/bun-capacity/step-lib.js"');
    expect(spec.stdin).toContain("export default () => runStep(step, send);");
    expect(spec.stdin).toContain("x".repeat(1000));
  });

  test("bad requests are refused before any container starts", () => {
    expect(() => generator.stepContainer({ ...open, ratePerSec: 0 })).toThrow(/positive ratePerSec/);
    expect(() => generator.stepContainer({ ...open, concurrency: 0 })).toThrow(/concurrency/);
    expect(() => generator.stepContainer({ ...open, requests: [] })).toThrow(/at least one request/);
    expect(() => generator.stepContainer({ ...open, durationMs: 500 })).toThrow(/at least 1000 ms/);
  });

  test("readiness polls readyPath on loopback within the timeout", () => {
    const spec = generator.readinessContainer(3000, "/healthz", 15000);
    expect(spec.cmd.at(-1)).toBe("/bun-capacity/readiness.js");
    expect(spec.env).toEqual({ BC_READY_URL: "http://127.0.0.1:3000/healthz", BC_READY_TIMEOUT_MS: "15000" });
  });
});

describe("parseStep", () => {
  test("a clean open step meets the SLO; the generator's CPU is kept", () => {
    const result = parse(`some banner\n${summary()}\n`);
    expect(result.step).toMatchObject({
      phase: "bisect",
      offeredPerSec: 200,
      errors: 0,
      lost: 0,
      sloMet: true,
    });
    expect(result.step.achievedPerSec).toBeCloseTo(200, 5);
    expect(result.step.latency.p99Ms).toBe(9);
    expect(result).toMatchObject({ droppedRequests: 0, generatorCpuSeconds: 1.5 });
  });

  test("errors fail the step", () => {
    expect(parse(summary({ errors: 3 })).step).toMatchObject({ errors: 3, sloMet: false });
  });

  test("requests never started are dropped, and fail the step", () => {
    const result = parse(summary({ started: 990, completed: 990 }));
    expect(result.droppedRequests).toBe(10);
    expect(result.step.sloMet).toBe(false);
  });

  test("requests started but cut off at the end are lost", () => {
    expect(parse(summary({ completed: 998 })).step).toMatchObject({ lost: 2, sloMet: false });
  });

  test("achieved counts the rate window only: an overload the drain absorbed still shows", () => {
    // Everything completed by the end of the drain, but only 180/s inside the window.
    const result = parse(summary({ completedInWindow: 882 }));
    expect(result.step.achievedPerSec).toBeCloseTo(180, 5);
    expect(result.step.sloMet).toBe(false);
  });

  test("an open summary without completedInWindow (an older generator image) is a GeneratorOutputError", () => {
    expect(() => parse(summary({ completedInWindow: null }))).toThrow(/completedInWindow/);
  });

  test("p99 over the SLO fails the step", () => {
    expect(parse(summary({}, { p99Ms: 101 })).step.sloMet).toBe(false);
  });

  test("a closed probe offers what it achieved", () => {
    const closed = { ...open, kind: "closed" as const, ratePerSec: null, phase: "probe" as const };
    const result = parse(
      summary({
        kind: "closed",
        plannedRequests: null,
        completed: 3000,
        completedInWindow: null,
        started: 3000,
        lastSendMs: 2999,
        lastDoneMs: 3000,
      }),
      closed,
    );
    expect(result.step.offeredPerSec).toBe(1000);
    expect(result.droppedRequests).toBe(0);
  });

  test.each([
    ["empty output", ""],
    ["no summary line", "ERRO[0000] GoError: script exception\n"],
    ["truncated JSON", '{"bcStepSummary":1,"kind":"open"'],
    ["wrong shape", JSON.stringify({ bcStepSummary: 1, kind: "open", started: -1 })],
  ])("garbage output (%s) is a GeneratorOutputError naming the stderr", (_name, stdout) => {
    const run = () => generator.parseStep(open, { stdout, stderr: "level=error msg=boom", cpuSeconds: 0 });
    expect(run).toThrow(GeneratorOutputError);
    expect(run).toThrow(/boom/);
  });
});

test("parseReadyAtMs reads the epoch-ms line, or says there is none", () => {
  expect(parseReadyAtMs("1795364944267\n", "")).toBe(1795364944267);
  expect(() => parseReadyAtMs("", "timed out")).toThrow(/epoch-ms/);
});
