import { describe, expect, test } from "bun:test";
import { runRepetition } from "../../runner/execute/run-repetition.ts";
import { testCell } from "../runner/execute/cell-fixture.ts";
import { driver, integrationImage, labelledContainers } from "./integration-image.ts";

const MiB = 2 ** 20;
const command = ["scenarios/calibration.ts", "--mode=closed", "--warmup-s=0", "--duration-s=1"];
const context = { runId: `it-single-${process.pid}`, commit: "it", ownerPid: process.pid, ownerHost: "it" };

async function calibrationAt(smol: boolean) {
  const image = await integrationImage();
  const cell = testCell({
    cpus: 0.5,
    memoryBytes: 256 * MiB,
    smol,
    command,
    timeoutSeconds: 60,
    image: image.ref,
  });
  return runRepetition({ driver, cell, image: image.ref, index: 0, context });
}

describe("one calibration repetition under real limits (0.5 CPU, 256 MiB)", () => {
  test(
    "the image builds offline from the installed Bun",
    async () => {
      const image = await integrationImage();
      expect(image.ref).toMatch(/^bun-capacity\/bench:[0-9a-f]{12}$/);
      expect(image.base?.source).toMatch(/^(local|offline-built|offline-cached)$/);
    },
    { timeout: 120_000 },
  );

  test(
    "the container reads its limits from the cgroup; docker applied the planned limits",
    async () => {
      const repetition = await calibrationAt(false);
      expect(repetition.status).toBe("ok");
      const cgroup = repetition.result?.environment.cgroup;
      expect(cgroup?.memoryLimitBytes).toBe(268435456);
      expect(cgroup?.cpuLimitCores).toBe(0.5);
      expect(repetition.result?.environment.smol).toBe(false);
      expect(repetition.applied).toEqual({
        nanoCpus: 500_000_000,
        memoryBytes: 268435456,
        memorySwapBytes: 268435456,
        readonlyRootfs: true,
        capDrop: ["ALL"],
        securityOpt: ["no-new-privileges"],
        pidsLimit: 256,
        networkMode: "none",
        user: "1000:1000",
      });
      expect(repetition.limitMismatches).toEqual([]);
      expect(repetition.stats?.samples.length).toBeGreaterThan(0);
      expect(await labelledContainers(`bun-capacity.run-id=${context.runId}`)).toEqual([]);
    },
    { timeout: 120_000 },
  );

  test(
    "a smol cell runs with --smol",
    async () => {
      const repetition = await calibrationAt(true);
      expect(repetition.status).toBe("ok");
      expect(repetition.result?.environment.smol).toBe(true);
      expect(repetition.result?.environment.bunOptions).toBe("--smol");
    },
    { timeout: 120_000 },
  );
});
