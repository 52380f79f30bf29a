import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import { prepareVariantImages } from "../../../runner/execute/prepare-variant-images.ts";
import { ensureBunVersionBase } from "../../../runner/image/base-image.ts";
import { ensureImage } from "../../../runner/image/bench-image.ts";
import { bunFromNpm, bunPlatformPackage } from "../../../runner/image/bun-version.ts";
import { BunVersionImageError } from "../../../runner/image/image-error.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";
import { FakeDocker } from "../execute/fake-docker.ts";

/** A cache holding a stand-in "bun" that prints `version` (no download). */
function cacheWith(version: string, prints = version): string {
  const dir = mkdtempSync(join(tmpdir(), "h9-bun-cache-"));
  mkdirSync(join(dir, version));
  writeFileSync(join(dir, version, "bun"), `#!/bin/sh\necho ${prints}\n`);
  chmodSync(join(dir, version, "bun"), 0o755);
  return dir;
}

describe("a variant's Bun version", () => {
  test("the platform package follows the CPU (AVX2 or baseline)", () => {
    if (process.arch !== "x64") return;
    expect(bunPlatformPackage("flags : sse4_2 avx avx2 bmi2")).toBe("@oven/bun-linux-x64");
    expect(bunPlatformPackage("flags : sse4_2 avx")).toBe("@oven/bun-linux-x64-baseline");
  });

  test("a cached binary reporting its version is used without npm", async () => {
    const cacheDir = cacheWith("9.9.9");
    expect(await bunFromNpm("9.9.9", { cacheDir })).toBe(join(cacheDir, "9.9.9", "bun"));
  });

  test("the base is imported once per version and its --version is checked inside the image", async () => {
    const cacheDir = cacheWith("9.9.9");
    const docker = new FakeDocker([{ stdout: "9.9.9\n" }, { stdout: "9.9.9\n" }]);
    const first = await ensureBunVersionBase(docker, "9.9.9", { cacheDir });
    expect(first).toMatchObject({ ref: "bun-capacity/bun-base:9.9.9", source: "npm-built" });
    const second = await ensureBunVersionBase(docker, "9.9.9", { cacheDir });
    expect(second.source).toBe("offline-cached");
    expect(docker.calls.filter((c) => c.startsWith("import"))).toEqual([
      "import bun-capacity/bun-base:9.9.9",
    ]);
    const checks = docker.removed.length;
    expect(checks).toBe(2); // each check's container is removed
  });

  test("a base whose bun prints another version is refused with a next step", async () => {
    const docker = new FakeDocker([{ stdout: "1.0.0\n" }]);
    docker.images.set("bun-capacity/bun-base:9.9.9", { id: "sha256:x", labels: {} });
    const error = await ensureBunVersionBase(docker, "9.9.9").catch((e) => e);
    expect(error).toBeInstanceOf(BunVersionImageError);
    expect(error.message).toContain("printed 1.0.0");
    expect(error.message).toContain("docker rmi bun-capacity/bun-base:9.9.9");
  });

  test("a Dockerfile without ARG BUN_IMAGE cannot take a bunVersion", async () => {
    const context = mkdtempSync(join(tmpdir(), "h9-ctx-"));
    writeFileSync(join(context, "Dockerfile"), "FROM scratch\n");
    const image = { kind: "build" as const, context, dockerfile: "Dockerfile", args: {} };
    const error = await ensureImage(new FakeDocker(), image, {
      bunVersion: "1.2.19",
      log: () => undefined,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(BunVersionImageError);
    expect(error.message).toContain("has no `ARG BUN_IMAGE`");
  });

  test("prepareVariantImages builds each variant's image on its base and binds its cells", async () => {
    const plan = planRun(
      parseMatrix(
        "axes: { cpus: [1], memory: [256Mi], smol: [false] }\nscenarios:\n  calibration: {}\nvariants:\n  new: {}\n  old: { bunVersion: 1.2.19 }\n",
        "/tmp/m/matrix.yaml",
      ),
      {},
      { cores: 2, memoryBytes: 2 ** 33 },
    );
    const docker = new FakeDocker([{ stdout: "1.2.19\n" }]);
    docker.images.set("bun-capacity/bun-base:1.2.19", { id: "sha256:old", labels: {} });
    const bound = await prepareVariantImages(docker, plan, { log: () => undefined });
    const old = bound.cells.find((c) => c.variant?.name === "old");
    expect(old?.image).toMatch(/^bun-capacity\/bench:[0-9a-f]{12}$/);
    expect(bound.variants?.find((v) => v.name === "old")?.built).toMatchObject({
      baseRef: "bun-capacity/bun-base:1.2.19",
      baseSource: "offline-cached",
    });
    expect(bound.variants?.find((v) => v.name === "new")?.built).toBeNull();
    expect(docker.calls.some((c) => c.includes('"BUN_IMAGE":"bun-capacity/bun-base:1.2.19"'))).toBe(true);
  });
});
