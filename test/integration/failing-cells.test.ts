import { expect, test } from "bun:test";
import { join } from "node:path";
import { runPlan } from "../../runner/execute/run-plan.ts";
import type { Cell } from "../../runner/plan/cell.ts";
import { readCellRecords } from "../../runner/results/run-store.ts";
import { testCell } from "../runner/execute/cell-fixture.ts";
import { testPlan } from "../runner/execute/plan-fixture.ts";
import { RecordingObserver } from "../runner/execute/recording-observer.ts";
import { docker, integrationImage, labelledContainers, OFFLINE_ENV } from "./integration-image.ts";
import { useTempDir } from "./use-temp-dir.ts";

const MiB = 2 ** 20;
let dir = "";
useTempDir("it-failing-", (path) => {
  dir = path;
});

const cellsFor = (image: string): Cell[] => {
  const cell = (id: string, command: string[], overrides: Partial<Cell> = {}) =>
    testCell({ id, image, command, cpus: 0.5, memoryBytes: 256 * MiB, timeoutSeconds: 30, ...overrides });
  return [
    cell("crash", ["-e", "console.error('about to fail'); process.exit(3)"]),
    cell("oom", ["-e", "const a = []; for (;;) a.push(new Array(1e5).fill(Math.random()))"], {
      memoryBytes: 64 * MiB,
    }),
    cell("hang", ["-e", "setInterval(() => {}, 1000)"], { timeoutSeconds: 3 }),
    cell("garbage", ["-e", "console.log('garbage')"]),
    cell("good", ["scenarios/calibration.ts", "--mode=closed", "--warmup-s=0", "--duration-s=1"]),
  ];
};

test(
  "one run classifies crash, oom, timeout and bad output, and still completes the good cell",
  async () => {
    const image = await integrationImage();
    const plan = { ...testPlan(cellsFor(image.ref)), image: { kind: "image" as const, ref: image.ref } };
    const observer = new RecordingObserver();
    const record = await runPlan(plan, {
      docker,
      resultsDir: dir,
      observer,
      env: OFFLINE_ENV,
      hostProbe: false,
    });
    expect(record.state).toBe("complete");
    expect(Object.fromEntries(record.cells.map((c) => [c.id, c.status]))).toEqual({
      crash: "crash",
      oom: "oom",
      hang: "timeout",
      garbage: "bad-output",
      good: "ok",
    });
    const cells = await readCellRecords(join(dir, record.runId, "cells"));
    const [crash, oom, garbage] = ["crash", "oom", "garbage"].map((id) => cells.get(id)?.repetitions[0]);
    expect(crash?.exitCode).toBe(3);
    expect(crash?.stderrTail).toContain("about to fail");
    expect(oom).toMatchObject({ oomKilled: true, exitCode: 137 });
    expect(garbage?.rawStdout).toBe("garbage\n");
    expect(record.environment.cgroupVersion).not.toBeNull();
    expect(await labelledContainers(`bun-capacity.run-id=${record.runId}`)).toEqual([]);
  },
  { timeout: 180_000 },
);
