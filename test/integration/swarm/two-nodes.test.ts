import { afterAll, beforeAll, expect, test } from "bun:test";
import { SwarmDriver } from "../../../runner/drivers/swarm/swarm-driver.ts";
import { containerSpec } from "../../../runner/execute/container-spec.ts";
import { testCell } from "../../runner/execute/cell-fixture.ts";
import { integrationImage } from "../integration-image.ts";
import { ensureOneNodeSwarm, labelledServices } from "./one-node-swarm.ts";
import { type SecondDaemon, startSecondDaemon } from "./second-daemon.ts";

const runId = `it-swarm2-${process.pid}`;
const context = { runId, commit: null, ownerPid: process.pid, ownerHost: "it-swarm2" };
let leave: () => Promise<void> = async () => undefined;
let second: SecondDaemon | null = null;

beforeAll(async () => {
  leave = await ensureOneNodeSwarm();
  second = await startSecondDaemon();
}, 120_000);
afterAll(async () => {
  await second?.stop();
  await leave();
}, 60_000);

/** Runs four short cells at once through the driver; returns where each ran and the most that overlapped. */
async function dispatch(shareHosts: boolean) {
  const image = (await integrationImage()).ref;
  const busyCounts: number[] = [];
  const driver = new SwarmDriver({
    engines: [second?.address ?? ""],
    shareHosts,
    host: "it-swarm2",
    onBusy: (busy) => busyCounts.push(busy.length),
  });
  const cells = Array.from({ length: 4 }, (_, i) =>
    testCell({
      id: `c${i}`,
      image,
      cpus: 0.5,
      memoryBytes: 128 * 2 ** 20,
      command: ["-e", "Bun.sleepSync(300)"],
    }),
  );
  const facts = await Promise.all(
    cells.map((cell) => driver.runToExit(containerSpec(cell, image, context), { timeoutMs: 30_000 })),
  );
  await driver.removeRun(runId);
  return { facts, busyMax: Math.max(...busyCounts), nodes: await driver.nodes() };
}

test(
  "two nodes on one machine: one physical host is seen; cells go to both nodes, never two at once unless told",
  async () => {
    const guarded = await dispatch(false);
    expect(guarded.nodes).toHaveLength(2);
    expect(new Set(guarded.nodes.map((n) => n.physicalHostId)).size).toBe(1);
    expect(guarded.facts.every((f) => f.exitCode === 0)).toBe(true);
    expect(new Set(guarded.facts.map((f) => f.node?.id)).size).toBe(2);
    expect(guarded.busyMax).toBe(1);

    const shared = await dispatch(true);
    expect(shared.facts.every((f) => f.exitCode === 0)).toBe(true);
    expect(shared.busyMax).toBe(2);
    expect(await labelledServices(`bun-capacity.run-id=${runId}`)).toEqual([]);
  },
  { timeout: 240_000 },
);
