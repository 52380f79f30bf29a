import { expect, test } from "bun:test";
import { parseResult } from "../../contract/parse-result.ts";
import { integrationImage, REPO_ROOT } from "./integration-image.ts";

const PROJECT = ["docker-compose", "-p", "bun-capacity-it", "-f", `${REPO_ROOT}/docker-compose.yml`];
const ENV = {
  ...process.env,
  BENCH_CPUS: "0.5",
  BENCH_MEMORY: "256m",
  BUN_OPTIONS: "--smol",
  BENCH_COMMAND: "scenarios/calibration.ts --mode=closed --warmup-s=0 --duration-s=1",
};

async function compose(...args: string[]) {
  const proc = Bun.spawn([...PROJECT, ...args], { cwd: REPO_ROOT, env: ENV, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  return { code: await proc.exited, stdout, stderr };
}

test(
  "docker-compose config: the cell's limits, swap off, read-only, non-root, no network",
  async () => {
    const { code, stdout } = await compose("config");
    expect(code).toBe(0);
    for (const line of [
      "cpus: 0.5",
      "mem_limit: 256m",
      "memswap_limit: 256m",
      "read_only: true",
      "network_mode: none",
    ]) {
      expect(stdout).toContain(line);
    }
    expect(stdout).toContain("user: 1000:1000");
    expect(stdout).toContain("BUN_OPTIONS: --smol");
  },
  { timeout: 30_000 },
);

test(
  "docker-compose run --rm bench prints one valid result line under the limits",
  async () => {
    await integrationImage(); // makes sure the offline base image exists
    try {
      expect((await compose("build", "-q", "bench")).code).toBe(0);
      const run = await compose("run", "--rm", "-T", "bench");
      expect(run.code).toBe(0);
      const result = parseResult(run.stdout);
      expect(result.environment.cgroup.memoryLimitBytes).toBe(268435456);
      expect(result.environment.cgroup.cpuLimitCores).toBe(0.5);
      expect(result.environment.smol).toBe(true);
    } finally {
      await compose("down", "--remove-orphans");
    }
  },
  { timeout: 180_000 },
);
