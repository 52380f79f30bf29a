import { expect, test } from "bun:test";
import { access } from "node:fs/promises";
import os from "node:os";
import { CgroupAccounting, type ContainerAccounting } from "../../runner/drivers/local/cgroup-accounting.ts";
import { LocalDriver } from "../../runner/drivers/local/local-driver.ts";
import { runRepetition } from "../../runner/execute/run-repetition.ts";
import { testCell } from "../runner/execute/cell-fixture.ts";
import { docker, integrationImage } from "./integration-image.ts";

const MiB = 2 ** 20;
const MEMORY_HIERARCHY = "/sys/fs/cgroup/memory";

test("an OOM-killed container's peak is the cgroup's high-water mark (near the limit), and its parent cgroup is gone", async () => {
  const image = await integrationImage();
  const real = await CgroupAccounting.detect(await docker.info());
  const opened: string[] = [];
  const accounting: ContainerAccounting = {
    open: () => {
      const parent = real.open();
      if (parent) opened.push(parent.path);
      return parent;
    },
    removeStale: () => real.removeStale(),
  };
  const driver = new LocalDriver(docker, { host: os.hostname(), accounting });
  const cell = testCell({
    image: image.ref,
    memoryBytes: 128 * MiB,
    command: ["-e", "const a = []; for (;;) a.push(new Array(1e5).fill(Math.random()))"],
    timeoutSeconds: 30,
  });
  const context = { runId: `it-oom-${process.pid}`, commit: null, ownerPid: process.pid, ownerHost: "it" };
  const repetition = await runRepetition({ driver, cell, image: image.ref, index: 0, context });
  expect(repetition.status).toBe("oom");
  // This host (cgroup v1, cgroupfs driver) allows parent cgroups; a second one when other load forced a re-run.
  expect(opened.length).toBeGreaterThanOrEqual(1);
  expect(repetition.stats?.peakMemoryBytes ?? 0).toBeGreaterThan(0.9 * 128 * MiB);
  expect(repetition.stats?.peakMemoryBytes ?? 0).toBeLessThanOrEqual(128 * MiB);
  expect(repetition.stats?.cpuSeconds ?? 0).toBeGreaterThan(0);
  const exists = (path: string) =>
    access(`${MEMORY_HIERARCHY}${path}`).then(
      () => true,
      () => false,
    );
  expect(await Promise.all(opened.map(exists))).toEqual(opened.map(() => false));
}, 60_000);
