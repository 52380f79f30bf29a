import { describe, expect, test } from "bun:test";
import { ImageMissingError } from "../../../runner/docker/docker-error.ts";
import { runRepetition } from "../../../runner/execute/run-repetition.ts";
import { RunInterruptedError } from "../../../runner/host/host-lock.ts";
import { validResult } from "../../contract/result-fixture.ts";
import { testCell } from "./cell-fixture.ts";
import type { FakeBehaviour } from "./fake-behaviour.ts";
import { FakeDocker } from "./fake-docker.ts";
import { FakeAccounting, fakeDriver } from "./fake-driver.ts";

const MiB = 2 ** 20;
const context = { runId: "r1", commit: null, ownerPid: 1, ownerHost: "h" };

async function run(behaviour: FakeBehaviour, cellOverrides = {}, signal?: AbortSignal) {
  const docker = new FakeDocker([behaviour]);
  const cell = testCell({ timeoutSeconds: 0.05, ...cellOverrides });
  const driver = fakeDriver(docker);
  const repetition = await runRepetition({ driver, cell, image: cell.image, index: 0, context, signal });
  return { docker, repetition };
}

describe("runRepetition", () => {
  test("ok: result parsed, applied limits read, container removed", async () => {
    const cgroup = {
      version: 1 as const,
      memoryLimitBytes: 256 * MiB,
      cpuQuotaMicros: 50000,
      cpuPeriodMicros: 100000,
      cpuLimitCores: 0.5,
    };
    const result = validResult();
    const stdout = JSON.stringify({ ...result, environment: { ...result.environment, cgroup } });
    const { docker, repetition } = await run({
      stdout,
      samples: [{ memoryUsageBytes: 10 * MiB, cpuTotalNanos: 0 }],
    });
    expect(repetition.status).toBe("ok");
    expect(repetition.applied?.memorySwapBytes).toBe(256 * MiB);
    expect(repetition.limitMismatches).toEqual([]);
    expect(repetition.stats?.peakMemoryBytes).toBe(10 * MiB);
    expect(docker.live).toHaveLength(0);
  });

  test("crash keeps the stderr tail (last 40 lines)", async () => {
    const stderr = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    const { repetition } = await run({ exitCode: 3, stderr });
    expect(repetition.status).toBe("crash");
    expect(repetition.stderrTail.split("\n")).toHaveLength(40);
    expect(repetition.stderrTail.endsWith("line 99")).toBe(true);
  });

  test("oom from inspect and the event stream", async () => {
    const { repetition } = await run({ oomKilled: true, oomEvent: true });
    expect(repetition).toMatchObject({ status: "oom", oomKilled: true, oomEvent: true, exitCode: 137 });
  });

  test("a hang is killed at the timeout and removed", async () => {
    const { docker, repetition } = await run({ hang: true });
    expect(repetition.status).toBe("timeout");
    expect(docker.live).toHaveLength(0);
  });

  test("a hang at the memory limit with the CPU saturated is gc-thrash", async () => {
    const samples = [0, 1, 2, 3, 4].map((s) => ({ memoryUsageBytes: 255 * MiB, cpuTotalNanos: s * 0.5e9 }));
    const { repetition } = await run({ hang: true, samples });
    expect(repetition.status).toBe("gc-thrash");
  });

  test("an OOM kill 0.4 s in shows the cgroup's own high-water mark, not the one early stats sample", async () => {
    const docker = new FakeDocker([
      { oomKilled: true, samples: [{ memoryUsageBytes: 80 * MiB, cpuTotalNanos: 0 }] },
    ]);
    const accounting = new FakeAccounting({
      memoryPeakBytes: 256 * MiB + 12 * 1024, // the parent counts a few pages of its own
      inactiveFileBytes: 0,
      cpuNanos: 0.3e9,
    });
    const cell = testCell({ memoryBytes: 256 * MiB });
    const driver = fakeDriver(docker, { accounting });
    const repetition = await runRepetition({ driver, cell, image: cell.image, index: 0, context });
    expect(repetition.status).toBe("oom");
    expect(repetition.stats?.peakMemoryBytes).toBe(256 * MiB);
    expect(repetition.stats?.cpuSeconds).toBeCloseTo(0.3);
    expect([...docker.containers.values()]).toHaveLength(0);
    expect(accounting.removed).toEqual(accounting.opened);
    expect(accounting.opened).toHaveLength(1);
  });

  test("the container runs under the parent cgroup it was given", async () => {
    const docker = new FakeDocker([{ exitCode: 0 }]);
    let parent: string | undefined;
    docker.onStart = (id) => {
      parent = docker.containers.get(id)?.spec.cgroupParent;
    };
    const cell = testCell();
    const accounting = new FakeAccounting(null);
    await runRepetition({
      driver: fakeDriver(docker, { accounting }),
      cell,
      image: cell.image,
      index: 0,
      context,
    });
    expect(parent).toBe("/bun-capacity/p1");
  });

  test("a repetition disturbed by other host load is flagged and run again once; the quiet re-run is kept", async () => {
    const docker = new FakeDocker([{ stdout: "first" }, { stdout: "second" }]);
    const cell = testCell();
    const driver = fakeDriver(docker, { hostBusy: [100, 110, 110, 110] }); // 10 busy CPU-seconds, then none
    const repetition = await runRepetition({ driver, cell, image: cell.image, index: 0, context });
    expect(repetition.rawStdout).toBe("second");
    expect(repetition).toMatchObject({ contended: false, hostOtherCpuCores: 0 });
    expect(repetition.node?.cpus).toBe(2);
  });

  test("a repetition still contended after the re-run is kept and flagged (bounded: two runs)", async () => {
    const docker = new FakeDocker([{ stdout: "first" }, { stdout: "second" }, { stdout: "third" }]);
    const cell = testCell();
    const driver = fakeDriver(docker, { hostBusy: [0, 10, 10, 20, 20, 30] });
    const repetition = await runRepetition({ driver, cell, image: cell.image, index: 0, context });
    expect(repetition.rawStdout).toBe("second");
    expect(repetition.contended).toBe(true);
    expect(repetition.hostOtherCpuCores ?? 0).toBeGreaterThan(1);
    expect(docker.removed).toHaveLength(2);
  });

  test("host CPU not sampled: no contention figure, never flagged", async () => {
    const { repetition } = await run({ stdout: "x" });
    expect(repetition).toMatchObject({ hostOtherCpuCores: null, contended: false });
  });

  test("bad output keeps the raw stdout", async () => {
    const { repetition } = await run({ stdout: "garbage\n" });
    expect(repetition).toMatchObject({ status: "bad-output", rawStdout: "garbage\n" });
  });

  test("the engine going away is engine-lost, not an exception", async () => {
    for (const at of ["create", "start", "wait", "logs"] as const) {
      const { repetition } = await run({ loseEngineAt: at });
      expect(repetition.status).toBe("engine-lost");
      expect(repetition.message).toContain("--resume");
    }
  });

  test("an abort kills and removes the container, then throws RunInterruptedError", async () => {
    const controller = new AbortController();
    const docker = new FakeDocker([{ hang: true }]);
    docker.onStart = () => setTimeout(() => controller.abort("SIGINT"), 5);
    const cell = testCell({ timeoutSeconds: 60 });
    const pending = runRepetition({
      driver: fakeDriver(docker),
      cell,
      image: cell.image,
      index: 0,
      context,
      signal: controller.signal,
    });
    await expect(pending).rejects.toBeInstanceOf(RunInterruptedError);
    expect(docker.live).toHaveLength(0);
  });

  test("a missing image is an error for the whole run", async () => {
    const docker = new FakeDocker();
    const cell = testCell();
    await expect(
      runRepetition({ driver: fakeDriver(docker), cell, image: "missing:1", index: 0, context }),
    ).rejects.toBeInstanceOf(ImageMissingError);
  });
});
