import { beforeAll, describe, expect, mock, test } from "bun:test";

// run-step.js runs inside k6; here its one k6 import is stubbed so the engine's bookkeeping runs under Bun.
const emitted = new Map<string, number[]>();
mock.module("k6/metrics", () => ({
  Gauge: class {
    constructor(readonly name: string) {}
    add(value: number) {
      emitted.set(this.name, [...(emitted.get(this.name) ?? []), value]);
    }
  },
}));

type Send = (index: number) => unknown;
let runStep: (step: object, send: Send) => Promise<void>;
beforeAll(async () => {
  // A k6 script, untyped: imported by path so tsc does not ask for its declarations.
  const path = "../../../../../runner/load/k6/script/run-step.js";
  ({ runStep } = await import(path));
});

const timings = (ms: number) => ({
  blocked: 0,
  connecting: 0,
  tls_handshaking: 0,
  sending: 0,
  waiting: ms,
  receiving: 0,
});
const answer = (status: number, ms: number) =>
  new Promise((r) => setTimeout(() => r({ status, timings: timings(ms) }), ms));
const open = {
  kind: "open",
  ratePerSec: 1000,
  concurrency: 4,
  durationMs: 100,
  drainMs: 1000,
  timeoutMs: 1000,
  plannedRequests: 100,
};
const figure = (name: string) => emitted.get(`bc_${name}`)?.at(-1);

describe("runStep (the k6 step engine)", () => {
  test("open loop: every planned request sent, never more than `concurrency` in flight, figures emitted once", async () => {
    emitted.clear();
    let inFlight = 0;
    let most = 0;
    await runStep(open, () => {
      most = Math.max(most, ++inFlight);
      return answer(200, 5).finally(() => inFlight--);
    });
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThan(1);
    expect([figure("started"), figure("completed"), figure("count"), figure("errors")]).toEqual([
      100, 100, 100, 0,
    ]);
    expect(emitted.get("bc_started")).toHaveLength(1);
    expect(figure("p50Ms")).toBeGreaterThanOrEqual(5);
  });

  test("non-2xx answers, rejections and throwing sends are errors", async () => {
    emitted.clear();
    await runStep({ ...open, plannedRequests: 30 }, (i) => {
      if (i % 3 === 0) return answer(500, 1);
      if (i % 3 === 1) return Promise.reject(new Error("reset"));
      throw new Error("bad url");
    });
    expect([figure("completed"), figure("errors")]).toEqual([30, 30]);
  });

  test("closed loop keeps `concurrency` back to back for the duration", async () => {
    emitted.clear();
    let inFlight = 0;
    let most = 0;
    await runStep({ ...open, kind: "closed", ratePerSec: null, plannedRequests: null }, () => {
      most = Math.max(most, ++inFlight);
      return answer(200, 5).finally(() => inFlight--);
    });
    expect(most).toBe(4);
    expect(figure("completed")).toBe(figure("started"));
    expect(figure("completed")).toBeGreaterThan(4);
  });

  test("a blocking send (not a Promise) is refused: it would serialize the step", async () => {
    expect(runStep(open, () => ({ status: 200, timings: timings(1) }))).rejects.toThrow(/http.asyncRequest/);
  });

  test("percentiles interpolate like k6's Trend", async () => {
    emitted.clear();
    // Latency = wait + the response's timings (1..4 ms); the rate is so high that all four are due at once.
    await runStep({ ...open, ratePerSec: 1e6, plannedRequests: 4 }, (i) =>
      Promise.resolve({ status: 200, timings: timings(i + 1) }),
    );
    // All four share one send instant (and one wait): k6 puts p50 of 1..4 at 2.5, p90 at 3.7, max at 4.
    const max = figure("maxMs") ?? 0;
    expect(max - (figure("p50Ms") ?? 0)).toBeCloseTo(1.5, 2);
    expect(max - (figure("p90Ms") ?? 0)).toBeCloseTo(0.3, 2);
  });
});
