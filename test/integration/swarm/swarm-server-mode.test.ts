import { afterAll, beforeAll, expect, test } from "bun:test";
import { RUN_ID_LABEL } from "../../../runner/drivers/execution-driver.ts";
import { labelledContainers } from "../integration-image.ts";
import { KV_SIDECAR_MATRIX, measured, runServerMatrix } from "../server-mode-run.ts";
import { ensureOneNodeSwarm, labelledServices } from "./one-node-swarm.ts";

let leave: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  leave = await ensureOneNodeSwarm();
});
afterAll(async () => {
  await leave();
});

// Server mode through Swarm: the anchor job holds the pod on its node; the sidecar, the limited service and the generator join it.
test(
  "server mode through Swarm: a service with a sidecar is sized on the node, then nothing is left",
  async () => {
    const records = await runServerMatrix(KV_SIDECAR_MATRIX, ["--driver", "swarm"]);
    const [record] = records;
    const repetition = record?.repetitions[0];
    expect(record ? measured(record) : null).toMatchObject({ status: "ok" });
    expect(record?.summary.ceilingPerSec?.median ?? 0).toBeGreaterThan(0);
    expect(repetition?.sidecarCpuSeconds?.kv ?? 0).toBeGreaterThan(0);
    // The limited service sat in the anchor's namespace, under the cell's limits, on a probed swarm node.
    expect(repetition?.applied).toMatchObject({ nanoCpus: 1e9, memoryBytes: 256 * 2 ** 20 });
    expect(repetition?.applied?.networkMode).toMatch(/^container:[0-9a-f]{64}$/);
    expect(repetition?.node?.physicalHostId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await labelledServices(RUN_ID_LABEL)).toEqual([]);
    expect(await labelledContainers(RUN_ID_LABEL)).toEqual([]);
  },
  { timeout: 600_000, retry: 1 },
);
