import { afterAll, describe, expect, test } from "bun:test";
import { FixedSummary, GeneratorStepSummary } from "../../contract/generator-step.ts";
import { repoRoot, runStep, stepConfig } from "./run-generator.ts";

let served = 0;
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: async (request) => {
    served++;
    if (request.url.endsWith("/slow")) await Bun.sleep(20);
    if (request.url.endsWith("/kb")) return new Response("x".repeat(1000));
    return new Response("ok");
  },
});
afterAll(() => server.stop(true));
const port = server.port as number;
const echoSource = await Bun.file(`${repoRoot}/test/generator/fixtures/echo-paced.ts`).text();

describe("generator/main.ts as a process", () => {
  test("the request mix: one summary line, every planned request answered", async () => {
    const before = served;
    const { exitCode, stdout, stderr } = await runStep(stepConfig(port));
    expect(stderr).toBe("");
    expect(exitCode).toBe(0);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    const summary = GeneratorStepSummary.parse(JSON.parse(stdout));
    expect(summary.started).toBe(500);
    expect(summary.completed).toBe(500);
    expect(summary.errors).toBe(0);
    expect(served - before).toBe(500);
    expect(Math.abs((summary.completedInWindow as number) - 300)).toBeLessThan(20);
    expect(summary.latency.count).toBe(500);
    expect(summary.self.cpuSeconds).toBeGreaterThan(0);
    expect(summary.self.serviceMeanMs).toBeGreaterThan(0);
  });

  test("bytes each way: every response's status line, headers and 1,000-byte body, every request's head", async () => {
    const kb = { weight: 1, method: "GET", path: "/kb", headers: {}, body: null };
    const { exitCode, stdout } = await runStep(stepConfig(port, { requests: [kb] }));
    expect(exitCode).toBe(0);
    const summary = GeneratorStepSummary.parse(JSON.parse(stdout));
    expect(summary.completed).toBe(500);
    const response = (summary.responseBytes ?? 0) / summary.completed;
    const request = (summary.requestBytes ?? 0) / summary.completed;
    // The body is 1,000 bytes; Bun's status line and headers add about a hundred more.
    expect(response).toBeGreaterThan(1000 + "HTTP/1.1 200 OK\r\n\r\n".length);
    expect(response).toBeLessThan(1300);
    // "GET /kb HTTP/1.1" and a Host header at least; no body.
    expect(request).toBeGreaterThan("GET /kb HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".length - 1);
    expect(request).toBeLessThan(300);
  });

  test("a slow handler at concurrency 1: the queue shows in latency (from intended times), not in send lag", async () => {
    const slow = { weight: 1, method: "GET", path: "/slow", headers: {}, body: null };
    const config = stepConfig(port, {
      ratePerSec: 100,
      plannedRequests: 50,
      durationMs: 500,
      concurrency: 1,
      drainMs: 3000,
      requests: [slow],
    });
    const { exitCode, stdout } = await runStep(config);
    expect(exitCode).toBe(0);
    const summary = GeneratorStepSummary.parse(JSON.parse(stdout));
    expect(summary.completed).toBe(50);
    // 50 requests of >= 20 ms each need >= 1 s; the last was intended at 490 ms.
    expect(summary.latency.maxMs).toBeGreaterThan(400);
    expect(summary.late).toBeGreaterThan(40);
    expect(summary.self.sendLagP99Ms).toBeLessThan(5);
    expect(summary.self.serviceMeanMs).toBeGreaterThan(19);
    expect(summary.self.turnaroundMeanMs).toBeLessThan(2);
  });

  test("a module on stdin, with its flags; two workers' figures merged into one line", async () => {
    const config = stepConfig(port, {
      workload: "-",
      flags: { "delay-ms": 5, "fail-every": 10 },
      // 4 and 3 slots: each worker's 250/s at ~6 ms needs about 2.
      concurrency: 7,
      workers: 2,
    });
    const { exitCode, stdout, stderr } = await runStep(config, echoSource);
    expect(stderr).toBe("");
    expect(exitCode).toBe(0);
    const summary = GeneratorStepSummary.parse(JSON.parse(stdout));
    expect(summary.self.workers).toBe(2);
    expect(summary.started).toBe(500);
    expect(summary.completed).toBe(500);
    // Operations 0, 10, 20, ... fail, whichever worker took them.
    expect(summary.errors).toBe(50);
    expect(summary.latency.count).toBe(500);
    expect(summary.latency.p50Ms).toBeGreaterThan(4.5);
    expect(summary.latency.p50Ms).toBeLessThan(15);
    expect(summary.lastSendMs).toBeGreaterThan(990);
    // The module speaks no HTTP/1.1 through the generator's client: its bytes are not counted, never 0.
    expect(summary.responseBytes ?? null).toBeNull();
  });

  test("a closed step", async () => {
    const config = stepConfig(port, {
      kind: "closed",
      ratePerSec: null,
      plannedRequests: null,
      durationMs: 500,
    });
    const { exitCode, stdout } = await runStep(config);
    expect(exitCode).toBe(0);
    const summary = GeneratorStepSummary.parse(JSON.parse(stdout));
    expect(summary.completedInWindow).toBeNull();
    expect(summary.started).toBeGreaterThan(100);
    expect(summary.self.turnaroundMeanMs).not.toBeNull();
  });

  test("a fixed workload prints its FixedSummary", async () => {
    const source = `export default { flags: (z) => ({ n: z.number().default(2) }), async run({ flags }) {
      return { figures: { doneCount: flags.n }, failures: 0, window: { startMs: 5 } }; } };`;
    const { exitCode, stdout, stderr } = await runStep(
      stepConfig(port, { workload: "-", flags: { n: 3 } }),
      source,
    );
    expect(stderr).toBe("");
    expect(exitCode).toBe(0);
    expect(FixedSummary.parse(JSON.parse(stdout))).toEqual({
      bcFixedSummary: 1,
      workload: "stdin",
      figures: { doneCount: 3 },
      failures: 0,
      connectionsRequested: null,
      window: { startMs: 5, holdStartMs: null, holdEndMs: null },
    });
  });

  test("a fixed workload's report that does not fit the contract is a crash: one line, exit 1", async () => {
    const source =
      "export default { async run() { return { figures: { 'bad name': 1 }, failures: 0, window: { startMs: 1 } }; } };";
    const { exitCode, stdout, stderr } = await runStep(stepConfig(port, { workload: "-" }), source);
    expect(exitCode).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("run() returned a report that does not fit");
  });

  test.each([
    ["not JSON", "{", /BC_STEP is not JSON/],
    ["a bad field", { ...stepConfig(port), concurrency: 0 }, /BC_STEP: .*concurrency/],
    ["open without a rate", { ...stepConfig(port), ratePerSec: null }, /ratePerSec is null/],
    ["an undeclared flag", stepConfig(port, { flags: { speed: 3 } }), /unknown flag speed=3/],
    ["a missing module", stepConfig(port, { workload: "/nowhere/x.ts" }), /nowhere\/x.ts: no such file/],
  ])("bad input (%s): one line on stderr, exit 2", async (_, config, message) => {
    const { exitCode, stdout, stderr } = await runStep(typeof config === "string" ? config : config);
    expect(exitCode).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  test("a bad flag value names the flag and the value", async () => {
    const config = stepConfig(port, { workload: "-", flags: { "delay-ms": 5000 } });
    const { exitCode, stderr } = await runStep(config, echoSource);
    expect(exitCode).toBe(2);
    expect(stderr).toContain("flag delay-ms=5000");
  });
});
