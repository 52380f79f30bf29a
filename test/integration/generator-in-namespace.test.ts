import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ContainerSpec } from "../../runner/docker/docker-api.ts";
import { ensureGeneratorImage } from "../../runner/image/generator-image.ts";
import { buildOfflineBaseImage } from "../../runner/image/offline-base.ts";
import { createBunLoadGenerator } from "../../runner/load/bun-generator/bun-load-generator.ts";
import { parseReadyAtMs } from "../../runner/load/bun-generator/generator-output.ts";
import { type LoopbackPod, startLoopbackPod } from "../../runner/load/generator-capacity/loopback-pod.ts";
import type { LoadGenerator, StepRequest } from "../../runner/load/load-generator.ts";
import { docker } from "./integration-image.ts";

const PORT = 8080;
const WAIT_MS = 20;
const CAP = 10;
// Waits 20 ms per request on /wait (so 10 in flight cannot pass 10 / 20 ms = 500/s) and answers 500 if more than 10
// are in flight at once: the generator's cap is checked by the error count. /bad always fails.
const HANDLER = `let inFlight = 0;
Bun.serve({ port: ${PORT}, hostname: "127.0.0.1", async fetch(req) {
  const path = new URL(req.url).pathname;
  inFlight++;
  const over = inFlight > ${CAP};
  if (path === "/wait") await Bun.sleep(${WAIT_MS});
  inFlight--;
  const bad = path === "/bad" || over;
  return new Response(bad ? "no" : "ok", { status: bad ? 500 : 200 });
} });`;
const get = (path: string) => ({ weight: 1, method: "GET", path, headers: {}, body: null });
const step = (fields: Partial<StepRequest>): StepRequest => ({
  kind: "closed",
  ratePerSec: null,
  concurrency: CAP,
  durationMs: 2000,
  sloP99Ms: 100,
  port: PORT,
  requests: [get("/wait")],
  workload: null,
  phase: "probe",
  ...fields,
});

let pod: LoopbackPod;
let generator: LoadGenerator;

async function run(request: StepRequest) {
  const outcome = await pod.run(generator.stepContainer(request), 30_000);
  expect(outcome.exitCode).toBe(0);
  return { outcome, result: generator.parseStep(request, outcome) };
}

describe("our generator in the service's network namespace (loopback only)", () => {
  beforeAll(async () => {
    const image = await ensureGeneratorImage(docker, { log: () => undefined });
    generator = createBunLoadGenerator(image.ref, image.version);
    const base = await buildOfflineBaseImage(docker);
    const service: ContainerSpec = {
      image: base.ref,
      cmd: ["bun", "-e", HANDLER],
      env: {},
      labels: {},
      user: "1000",
      nanoCpus: 1e9,
      memoryBytes: 256 * 2 ** 20,
      memorySwapBytes: 256 * 2 ** 20,
      readonlyRootfs: true,
      tmpfs: { "/tmp": "rw,size=16m" },
      capDrop: ["ALL"],
      securityOpt: ["no-new-privileges"],
      pidsLimit: 256,
      networkMode: "none",
    };
    pod = await startLoopbackPod(docker, service, `it-generator-${process.pid}`);
  }, 60_000);
  afterAll(async () => pod?.close());

  test("the readiness probe reports the first 2xx, from the service's namespace", async () => {
    const before = Date.now();
    const outcome = await pod.run(generator.readinessContainer(PORT, "/", 15_000), 30_000);
    expect(outcome.exitCode).toBe(0);
    expect(outcome.networkMode).toBe(`container:${pod.serviceId}`);
    expect(parseReadyAtMs(outcome.stdout, outcome.stderr)).toBeGreaterThanOrEqual(before - 60_000);
  }, 40_000);

  test("closed loop at concurrency 10 on a 20 ms handler caps near 500/s", async () => {
    const { outcome, result } = await run(step({}));
    expect(outcome.networkMode).toBe(`container:${pod.serviceId}`);
    expect(result.step.achievedPerSec).toBeGreaterThan(250);
    expect(result.step.achievedPerSec).toBeLessThanOrEqual(500);
    expect(result.step.latency.p50Ms).toBeGreaterThanOrEqual(WAIT_MS);
    expect(result.step.errors).toBe(0);
  }, 40_000);

  test("open loop under the cap: on time, nothing dropped, latency from the intended time near the handler's", async () => {
    const { result } = await run(step({ kind: "open", ratePerSec: 200, phase: "bracket" }));
    expect(result.droppedRequests).toBe(0);
    expect(result.step).toMatchObject({ errors: 0, lost: 0, offeredPerSec: 200 });
    expect(result.step.latency.count).toBe(400);
    expect(result.step.latency.p50Ms).toBeGreaterThanOrEqual(WAIT_MS);
  }, 40_000);

  test("open loop above the cap: requests wait at the generator, the wait counts, the step fails", async () => {
    const { result } = await run(step({ kind: "open", ratePerSec: 900, phase: "bracket" }));
    expect(result.step.sloMet).toBe(false);
    expect(result.step.latency.p99Ms).toBeGreaterThan(100);
    // Sends go on through the 1 s drain, at most 10 per 20 ms: 1,500 of the 1,800 planned start, the rest drop.
    expect(result.step.latency.count).toBeLessThanOrEqual(500 * 3);
    expect(result.droppedRequests).toBeGreaterThanOrEqual(1800 - 500 * 3);
    expect(result.step.errors).toBe(0);
    // The wait was for a slot, not the generator's own lateness: its send lag stays small.
    expect(result.self.sendLagP99Ms).toBeLessThan(10);
  }, 40_000);

  test("non-2xx answers and refused connections count as errors", async () => {
    const { result } = await run(step({ requests: [get("/bad")], durationMs: 1000 }));
    expect(result.step.errors).toBeGreaterThan(0);
    expect(result.step.errors).toBe(result.step.latency.count);
    const refused = await run(step({ port: PORT + 1, concurrency: 1, durationMs: 1000 }));
    expect(refused.result.step.errors).toBeGreaterThan(0);
    expect(refused.result.step.sloMet).toBe(false);
  }, 40_000);
});
