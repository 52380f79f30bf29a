import { expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { runRepetition } from "../../runner/execute/run-repetition.ts";
import { testCell } from "../runner/execute/cell-fixture.ts";
import { driver, integrationImage } from "./integration-image.ts";

const MiB = 2 ** 20;
const PARENTS = "/sys/fs/cgroup/memory/bun-capacity";

test("an OOM-killed container's peak is the cgroup's high-water mark (near the limit), and its parent cgroup is gone", async () => {
  const image = await integrationImage();
  const before = await readdir(PARENTS).catch(() => []);
  const cell = testCell({
    image: image.ref,
    memoryBytes: 128 * MiB,
    command: ["-e", "const a = []; for (;;) a.push(new Array(1e5).fill(Math.random()))"],
    timeoutSeconds: 30,
  });
  const context = { runId: `it-oom-${process.pid}`, commit: null, ownerPid: process.pid, ownerHost: "it" };
  const repetition = await runRepetition({ driver, cell, image: image.ref, index: 0, context });
  expect(repetition.status).toBe("oom");
  expect(repetition.stats?.peakMemoryBytes ?? 0).toBeGreaterThan(0.9 * 128 * MiB);
  expect(repetition.stats?.peakMemoryBytes ?? 0).toBeLessThanOrEqual(128 * MiB);
  expect(repetition.stats?.cpuSeconds ?? 0).toBeGreaterThan(0);
  expect(await readdir(PARENTS).catch(() => [])).toEqual(before);
}, 60_000);
