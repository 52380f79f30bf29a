import os from "node:os";
import { join } from "node:path";
import { createDockerClient } from "../../runner/docker/docker-client.ts";
import { LocalDriver } from "../../runner/drivers/local/local-driver.ts";
import { NO_HOST_PROBE_ENV } from "../../runner/execute/run-plan.ts";
import { type BenchImage, ensureImage } from "../../runner/image/bench-image.ts";

export const REPO_ROOT = join(import.meta.dir, "../..");
/** Integration tests never reach for a registry. */
export const OFFLINE_ENV = { ...process.env, BUN_CAPACITY_OFFLINE: "1" };
/** For CLI runs in tests of other things: no host probe (its ~10 s a run); interrupt-resume keeps it in its first run. */
export const NO_PROBE_ENV = { ...OFFLINE_ENV, [NO_HOST_PROBE_ENV]: "1" };
export const docker = createDockerClient();
export const driver = new LocalDriver(docker, { host: os.hostname() });

let image: Promise<BenchImage> | null = null;

/** The bench image built from this checkout without a registry, once per test process. */
export function integrationImage(): Promise<BenchImage> {
  image ??= ensureImage(
    docker,
    { kind: "build", context: REPO_ROOT, dockerfile: "Dockerfile", args: {} },
    {
      env: OFFLINE_ENV,
      log: () => undefined,
    },
  );
  return image;
}

/** Containers carrying a label (or label=value), via the docker CLI as an outside check. */
export async function labelledContainers(label: string): Promise<string[]> {
  const out = await Bun.$`docker ps -aq --filter label=${label}`.text();
  return out.split("\n").filter((line) => line.trim() !== "");
}
