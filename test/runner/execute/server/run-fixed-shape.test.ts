import { describe, expect, test } from "bun:test";
import { BenchResult } from "../../../../contract/result.ts";
import { runServerRepetition } from "../../../../runner/execute/server/run-server-repetition.ts";
import { Repetition } from "../../../../runner/results/cell-record.ts";
import { fakeGenerator } from "./fake-generator.ts";
import { FakeServerDriver } from "./fake-server-driver.ts";
import { serviceCell } from "./service-cell.ts";

const context = { runId: "r1", commit: null, ownerPid: 1, ownerHost: "h" };
const summary = (failures: number) =>
  JSON.stringify({
    bcFixedSummary: 1,
    workload: "connection-storm",
    figures: { connectedCount: 600 - failures, allConnectedMs: 420 },
    failures,
    connectionsRequested: 600,
    window: { startMs: 1, holdStartMs: 2, holdEndMs: 3 },
  });

async function run(fixedStdout: string, nofile?: number) {
  const base = serviceCell({ flags: { connections: 600 }, ...(nofile && { nofile }) });
  const cell = { ...base, service: base.service ? { ...base.service, fixed: true } : null };
  const driver = new FakeServerDriver({ capacityPerSec: 1000, cpuSecondsPerRequest: 0.001, fixedStdout });
  const repetition = await runServerRepetition({ driver, generator: fakeGenerator, cell, index: 0, context });
  expect(Repetition.safeParse(repetition).success).toBe(true);
  return { driver, repetition };
}

describe("runServerRepetition, fixed shape (search: false)", () => {
  test("one generator run, no warm-up or search: its figures become fixed.* parameters, no ceiling", async () => {
    const { driver, repetition } = await run(summary(0));
    expect(driver.steps).toBe(1);
    expect(repetition.status).toBe("ok");
    const result = BenchResult.parse(repetition.result);
    expect(result.ceiling).toBeNull();
    expect(result.steps).toEqual([]);
    expect(result.parameters).toMatchObject({
      workload: "connection-storm",
      "fixed.connectedCount": 600,
      "fixed.allConnectedMs": 420,
      "fixed.generatorCpuSeconds": 0.5,
    });
  });

  test("a workload's timelines are kept as timeline.* parameters the reports read back", async () => {
    const drain = JSON.stringify({
      ...JSON.parse(summary(0)),
      workload: "queue-drain",
      timelines: {
        backlogMessages: [
          [0, 0],
          [100, 40],
          [900, 0],
        ],
      },
    });
    const { repetition } = await run(drain);
    expect(BenchResult.parse(repetition.result).parameters["timeline.backlogMessages"]).toBe(
      "[[0,0],[100,40],[900,0]]",
    );
  });

  test("failed connections under a binding nofile are fd-limit; the same failures without one stay ok", async () => {
    const limited = await run(summary(344), 256);
    expect(limited.repetition.status).toBe("fd-limit");
    expect(limited.repetition.message).toContain("344 of 600 connections failed");
    expect((await run(summary(344))).repetition.status).toBe("ok");
  });

  test("a storm killed at its deadline under a binding nofile is fd-limit; without nofile a timeout", async () => {
    const limited = await run("timeout", 256);
    expect(limited.repetition.status).toBe("fd-limit");
    expect(limited.repetition.message).toContain("ulimit nofile 256");
    expect((await run("timeout")).repetition.status).toBe("timeout");
  });

  test("output without a fixed-shape line is bad-output, raw output kept", async () => {
    const { repetition } = await run("the generator said nothing useful");
    expect(repetition.status).toBe("bad-output");
    expect(repetition.rawStdout).toBe("the generator said nothing useful");
  });
});
