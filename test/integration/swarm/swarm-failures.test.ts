import { afterAll, beforeAll, expect, test } from "bun:test";
import { SwarmDriver } from "../../../runner/drivers/swarm/swarm-driver.ts";
import { containerSpec } from "../../../runner/execute/container-spec.ts";
import type { Cell } from "../../../runner/plan/cell.ts";
import { testCell } from "../../runner/execute/cell-fixture.ts";
import { integrationImage, labelledContainers } from "../integration-image.ts";
import { ensureOneNodeSwarm, labelledServices } from "./one-node-swarm.ts";

const MiB = 2 ** 20;
const runId = `it-swarm-${process.pid}`;
const context = { runId, commit: null, ownerPid: process.pid, ownerHost: "it-swarm" };
let leave: () => Promise<void> = async () => undefined;
let driver: SwarmDriver;

beforeAll(async () => {
  leave = await ensureOneNodeSwarm();
  driver = new SwarmDriver({ engines: [], shareHosts: false, host: "it-swarm" });
});
afterAll(async () => {
  await driver?.removeRun(runId).catch(() => 0);
  await leave();
});

const run = async (overrides: Partial<Cell>, timeoutMs = 30_000) => {
  const image = (await integrationImage()).ref;
  const spec = containerSpec(
    testCell({ image, cpus: 0.5, memoryBytes: 128 * MiB, ...overrides }),
    image,
    context,
  );
  return driver.runToExit(spec, { timeoutMs });
};

test(
  "through Swarm: exit 0 with logs, crash, OOM and timeout, each service removed",
  async () => {
    const ok = await run({ id: "ok", command: ["-e", "console.log('hello'); console.error('warn')"] });
    expect(ok).toMatchObject({
      exitCode: 0,
      timedOut: false,
      oomKilled: false,
      stdout: "hello\n",
      stderr: "warn\n",
    });
    expect(ok.node?.physicalHostId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.applied).toMatchObject({ nanoCpus: 5e8, memoryBytes: 128 * MiB, readonlyRootfs: true });

    const crash = await run({
      id: "crash",
      command: ["-e", "console.error('about to fail'); process.exit(3)"],
    });
    expect(crash).toMatchObject({ exitCode: 3, timedOut: false, oomKilled: false });
    expect(crash.stderr).toContain("about to fail");

    const oom = await run({
      id: "oom",
      memoryBytes: 64 * MiB,
      command: ["-e", "const a = []; for (;;) a.push(new Array(1e5).fill(Math.random()))"],
    });
    expect(oom).toMatchObject({ exitCode: 137, oomKilled: true, timedOut: false });

    const hang = await run({ id: "hang", command: ["-e", "setInterval(() => {}, 1000)"] }, 2_000);
    expect(hang).toMatchObject({ timedOut: true, exitCode: null });

    expect(await labelledServices(`bun-capacity.run-id=${runId}`)).toEqual([]);
    for (let i = 0; i < 40 && (await labelledContainers(`bun-capacity.run-id=${runId}`)).length > 0; i++)
      await Bun.sleep(250); // task containers go shortly after their service
    expect(await labelledContainers(`bun-capacity.run-id=${runId}`)).toEqual([]);
  },
  { timeout: 180_000 },
);
