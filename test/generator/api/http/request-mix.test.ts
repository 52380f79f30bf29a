import { afterAll, expect, test } from "bun:test";
import type { RequestShape } from "../../../../contract/generator-step.ts";
import type { WorkloadContext } from "../../../../generator/api/workload.ts";
import { pickByWeight, requestMix } from "../../../../generator/load/request-mix.ts";
import { pace } from "../../../../generator/step/pace.ts";
import { planFor } from "../../pace-plan-for.ts";

const seen = { posted: 0, badBody: 0 };
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/fail") return new Response("no", { status: 500 });
    if (path === "/cached") return new Response(null, { status: 304 });
    if (path === "/missing") return new Response("no", { status: 404 });
    if (path === "/hang") return new Promise<Response>(() => {});
    if (path === "/echo") {
      seen.posted++;
      if ((await request.text()) !== '{"n":1}' || request.headers.get("x-kind") !== "test") seen.badBody++;
      // A streamed body goes out chunked.
      return new Response(new Blob(["x".repeat(10_000)]).stream());
    }
    return new Response("ok");
  },
});
afterAll(() => server.stop(true));

const shape = (weight: number, method: string, path: string, body: string | null = null): RequestShape => ({
  weight,
  method,
  path,
  headers: body === null ? {} : { "content-type": "application/json", "x-kind": "test" },
  body,
});

function contextFor(
  port: number,
  concurrency: number,
  timeoutMs: number,
): WorkloadContext<Record<string, unknown>> {
  const step = {
    kind: "open" as const,
    ratePerSec: 1000,
    concurrency,
    durationMs: 500,
    sloP99Ms: 50,
    timeoutMs,
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    step: { ...step, baseUrl, port, worker: 0, workers: 1 },
    flags: {},
    now: () => performance.now(),
    log: () => {},
  };
}

async function runMix(requests: RequestShape[], port: number, timeoutMs = 2000) {
  const workload = requestMix(requests);
  const context = contextFor(port, 20, timeoutMs);
  const send = await workload.open(context);
  const tally = await pace(
    planFor({ ratePerSec: 1000, durationMs: 500, concurrency: 20, timeoutMs, drainMs: 200 }),
    send,
  );
  await workload.close?.(context);
  return tally;
}

test("a weighted mix: bodies sent, chunked answers read, non-2xx counted as failures", async () => {
  const tally = await runMix(
    [shape(2, "GET", "/"), shape(1, "POST", "/echo", '{"n":1}'), shape(1, "GET", "/fail")],
    server.port as number,
  );
  expect(tally.started).toBe(500);
  expect(tally.completed).toBe(500);
  // The golden-ratio pick gives each shape its weight's share to within a request or two.
  expect(Math.abs(tally.errors - 125)).toBeLessThanOrEqual(2);
  expect(Math.abs(seen.posted - 125)).toBeLessThanOrEqual(2);
  expect(seen.badBody).toBe(0);
  expect(tally.causesFigures()).toMatchObject({
    status2xx: 500 - tally.errors,
    status5xx: tally.errors,
    failedStatuses: { 500: tally.errors },
  });
});

test("304 succeeds by default; a request's expect decides which statuses succeed", async () => {
  const tally = await runMix(
    [shape(1, "GET", "/cached"), { ...shape(1, "GET", "/missing"), expect: { status: [200, 404] } }],
    server.port as number,
  );
  expect(tally.completed).toBe(500);
  expect(tally.errors).toBe(0);
  expect(tally.causesFigures()).toMatchObject({ status3xx: 250, status4xx: 250, failedStatuses: {} });
  const strict = await runMix(
    [{ ...shape(1, "GET", "/cached"), expect: { status: [200] } }],
    server.port as number,
  );
  expect(strict.errors).toBe(500);
  expect(strict.causesFigures()).toMatchObject({ status3xx: 500, failedStatuses: { 304: 500 } });
});

test("an answer slower than timeoutMs and a refused connection are failures, and the step ends", async () => {
  const hung = await runMix([shape(1, "GET", "/hang")], server.port as number, 150);
  expect(hung.errors).toBe(hung.started);
  expect(hung.causesFigures().timeout).toBe(hung.started);
  const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
  const port = closed.port;
  closed.stop(true);
  const refused = await runMix([shape(1, "GET", "/")], port as number);
  expect(refused.started).toBe(500);
  expect(refused.errors).toBe(500);
});

test("pickByWeight spreads picks by weight", () => {
  const pick = pickByWeight([1, 3]);
  const counts = [0, 0];
  for (let i = 0; i < 1000; i++) counts[pick(i)] = (counts[pick(i)] as number) + 1;
  expect(Math.abs((counts[0] as number) - 250)).toBeLessThanOrEqual(2);
  expect(Math.abs((counts[1] as number) - 750)).toBeLessThanOrEqual(2);
});
