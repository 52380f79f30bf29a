import { describe, expect, test } from "bun:test";
import { availableParallelism } from "node:os";
import { BenchResult } from "../../../../contract/result.ts";
import { PodStartError } from "../../../../runner/drivers/driver-error.ts";
import { runServerRepetition } from "../../../../runner/execute/server/run-server-repetition.ts";
import { Repetition } from "../../../../runner/results/cell-record.ts";
import { fakeGenerator } from "./fake-generator.ts";
import { FakeServerDriver } from "./fake-server-driver.ts";
import { serviceCell } from "./service-cell.ts";
import type { ServiceModel } from "./service-model.ts";

const context = { runId: "r1", commit: "abc", ownerPid: 1, ownerHost: "h" };

async function run(model: ServiceModel, cell = serviceCell()) {
  const driver = new FakeServerDriver(model);
  const repetition = await runServerRepetition({
    driver,
    generator: fakeGenerator,
    cell,
    index: 0,
    context,
  });
  expect(Repetition.safeParse(repetition).success).toBe(true);
  return { driver, repetition };
}

describe("runServerRepetition", () => {
  test("sizes a modelled service: ceiling near its capacity, a valid contract result in requests/s", async () => {
    const { driver, repetition } = await run({ capacityPerSec: 1000, cpuSecondsPerRequest: 0.001 });
    expect(repetition.status).toBe("ok");
    const result = BenchResult.parse(repetition.result);
    const ceiling = result.ceiling?.ceilingPerSec ?? 0;
    expect(ceiling).toBeGreaterThan(900);
    expect(ceiling).toBeLessThanOrEqual(1000);
    expect(result.notes.join(" ")).toContain(
      "requests (answered with an expected status, 200–399 by default) per second",
    );
    expect(repetition.startupMs).toBe(123);
    expect(repetition.sidecarCpuSeconds?.kv).toBeGreaterThan(0);
    // Per-step service CPU from outside: about 1 ms per answered request.
    const confirm = result.steps.filter((s) => s.phase === "confirm").at(-1);
    expect(confirm?.processCpuSeconds).toBeCloseTo((confirm?.achievedPerSec ?? 0) * 0.001, 6);
    expect(confirm?.generatorCpuSeconds).toBe(0.25);
    expect(driver.finished).toBe(1);
  });

  test("the pod: the service keeps the cell's limits; sidecars and readiness come from the plan", async () => {
    const { driver } = await run({ capacityPerSec: 500, cpuSecondsPerRequest: 0.001 });
    const spec = driver.specs[0];
    expect(spec?.service.nanoCpus).toBe(1e9);
    expect(spec?.service.memoryBytes).toBe(256 * 2 ** 20);
    expect(spec?.service.readonlyRootfs).toBe(true);
    expect(spec?.holderImage).toBe("bun-capacity/bun-base:test");
    expect(spec?.sidecars.map((s) => [s.name, s.image, s.readyCmd])).toEqual([
      ["kv", "kv:1", ["bun", "ready.ts"]],
    ]);
    expect(spec?.readiness.cmd).toEqual(["ready", "8080", "/health"]);
    expect(spec?.sidecars[0]?.labels["bun-capacity.run-id"]).toBe("r1");
  });

  test("OOM under load is the repetition's status", async () => {
    const { driver, repetition } = await run({
      capacityPerSec: 1000,
      cpuSecondsPerRequest: 0.001,
      dieAfterSteps: 3,
      oomOnDeath: true,
    });
    expect(repetition.status).toBe("oom");
    expect(repetition.message).toContain("under load");
    // The step it died in, with its rate: never read as a ceiling.
    expect(repetition.message).toMatch(/stopped during a (closed-loop|\d+\/s) step/);
    expect(repetition.result).toBeNull();
    expect(driver.finished).toBe(1);
  });

  test("a crash mid-search is a crash, with the service's last words", async () => {
    const { repetition } = await run({ capacityPerSec: 1000, cpuSecondsPerRequest: 0.001, dieAfterSteps: 2 });
    expect(repetition.status).toBe("crash");
    expect(repetition.message).toContain("the service fell over");
  });

  test("garbage generator output is bad-output, raw output kept", async () => {
    const { repetition } = await run({
      capacityPerSec: 1000,
      cpuSecondsPerRequest: 0.001,
      garbageAfterSteps: 4,
    });
    expect(repetition.status).toBe("bad-output");
    expect(repetition.rawStdout).toBe("generator panicked");
  });

  test("a service that exits before it is ready is a crash; one that never answers is a timeout", async () => {
    const exited = new PodStartError(
      "service-exited",
      "the service exited (code 1) before it was ready",
      null,
    );
    expect(
      (await run({ capacityPerSec: 1, cpuSecondsPerRequest: 0, startError: exited })).repetition.status,
    ).toBe("crash");
    const slow = new PodStartError("service-not-ready", "not ready within 5000 ms", null);
    expect(
      (await run({ capacityPerSec: 1, cpuSecondsPerRequest: 0, startError: slow })).repetition.status,
    ).toBe("timeout");
  });

  test("each step asks for the cell's concurrency, SLO and mix, with generator workers on the cores the service leaves", async () => {
    const { driver } = await run({ capacityPerSec: 500, cpuSecondsPerRequest: 0.001 });
    const [first] = driver.requests;
    // Warm-up and probe run closed (no rate); the search's steps are open at a positive rate.
    expect(first?.kind).toBe("closed");
    const open = driver.requests.filter((r) => r.kind === "open");
    expect(open.length).toBeGreaterThan(2);
    expect(driver.requests.every((r) => (r.kind === "open") === (r.ratePerSec ?? 0) > 0)).toBe(true);
    expect(first).toMatchObject({ concurrency: 10, sloP99Ms: 100, port: 8080, workload: null });
    expect(first?.workers).toBe(Math.max(1, Math.floor(availableParallelism() - 1)));
  });

  test("a trivial fast service well under its quota while the generator lags is exceeds-host, naming the generator", async () => {
    // 1000/s at 0.4 ms each: 0.4 of its 1 vCPU at the ceiling; the generator 30 ms late above 800/s (SLO 100 ms).
    const { repetition } = await run({
      capacityPerSec: 1000,
      cpuSecondsPerRequest: 0.0004,
      generatorLagMs: 30,
      lagAbovePerSec: 800,
    });
    expect(repetition.status).toBe("exceeds-host");
    expect(repetition.message).toContain("the generator, not the service, was the limit");
    expect(repetition.message).toContain("send lag p99 was 30.0 ms");
    expect(repetition.message).toMatch(/the service used 0\.\d\d cores, \d+% of its 1 vCPU quota/);
    // Its result is kept to read.
    expect(repetition.result?.ceiling?.ceilingPerSec ?? 0).toBeGreaterThan(800);
  });

  test("a CPU-bound service at its quota is trusted even when the generator lags", async () => {
    const { repetition } = await run({
      capacityPerSec: 1000,
      cpuSecondsPerRequest: 0.001,
      generatorLagMs: 30,
      lagAbovePerSec: 800,
    });
    expect(repetition.status).toBe("ok");
  });

  test("a service under its quota with a punctual generator is trusted (paced by waits, not the instrument)", async () => {
    const { repetition } = await run({ capacityPerSec: 1000, cpuSecondsPerRequest: 0.0004 });
    expect(repetition.status).toBe("ok");
  });
});
