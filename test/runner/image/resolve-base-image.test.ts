import { describe, expect, test } from "bun:test";
import { resolveBaseImage } from "../../../runner/image/base-image.ts";
import { FakeDocker } from "../execute/fake-docker.ts";

const bunVersion = "1.4.5";

describe("resolveBaseImage", () => {
  test("BUN_IMAGE present locally is used as is", async () => {
    const docker = new FakeDocker();
    docker.images.set("oven/bun:1.4.5-slim", { id: "sha256:official", labels: {} });
    expect(await resolveBaseImage(docker, { bunVersion, env: {} })).toEqual({
      ref: "oven/bun:1.4.5-slim",
      id: "sha256:official",
      source: "local",
    });
    expect(docker.calls).toEqual([]);
  });

  test("an offline base built earlier is reused without trying the registry", async () => {
    const docker = new FakeDocker();
    docker.images.set("bun-capacity/bun-base:1.4.5", { id: "sha256:offline", labels: {} });
    expect((await resolveBaseImage(docker, { bunVersion, env: {} })).source).toBe("offline-cached");
    expect(docker.calls).toEqual([]);
  });

  test("a successful pull is used", async () => {
    const docker = new FakeDocker();
    docker.pullSucceeds = true;
    const base = await resolveBaseImage(docker, { bunVersion, env: { BUN_IMAGE: "oven/bun:custom" } });
    expect(base).toMatchObject({ ref: "oven/bun:custom", source: "pulled" });
  });

  test("offline: no pull, an offline base is built from the installed Bun", async () => {
    const docker = new FakeDocker();
    const lines: string[] = [];
    const base = await resolveBaseImage(docker, {
      bunVersion: Bun.version,
      env: { BUN_CAPACITY_OFFLINE: "1" },
      log: (l) => lines.push(l),
    });
    expect(base.source).toBe("offline-built");
    expect(docker.calls).toEqual([`import bun-capacity/bun-base:${Bun.version}`]);
    expect(lines).toEqual([]);
    expect(docker.lastTarBytes).toBeGreaterThan(Bun.file(process.execPath).size); // the Bun binary and its libraries
  });
});
