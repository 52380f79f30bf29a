import { describe, expect, test } from "bun:test";
import { BenchResult } from "../../../contract/result.ts";
import { PodStartError } from "../../../runner/drivers/pod-start-error.ts";
import { runServerRepetition } from "../../../runner/execute/run-server-repetition.ts";
import { Repetition } from "../../../runner/results/cell-record.ts";
import { FakeServerDriver, fakeGenerator, type ServiceModel, serviceCell } from "./fake-server.ts";

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
    expect(result.notes.join(" ")).toContain("requests (answered 2xx) per second");
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
    expect(repetition.rawStdout).toBe("k6 panicked");
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

  test("a ceiling near the generator's calibrated maximum counts as exceeds-host, its result kept to read", async () => {
    const cell = serviceCell();
    if (!cell.service) throw new Error("fixture");
    cell.service.generator = { ...cell.service.generator, maxRatePerSec: 1000 };
    const { repetition } = await run({ capacityPerSec: 1000, cpuSecondsPerRequest: 0.0001 }, cell);
    expect(repetition.status).toBe("exceeds-host");
    expect(repetition.message).toContain("generator's calibrated maximum");
    expect(repetition.result?.ceiling?.ceilingPerSec ?? 0).toBeGreaterThan(800);
  });
});
