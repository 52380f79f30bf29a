// Orchestration overhead per container: our client (create, start, stats, wait, logs, inspect, remove, classify)
// vs a bare `docker run --rm` of the same short command, alternated N times each. Target: ratio <= 1.2.
import { join } from "node:path";
import { createDockerClient } from "../runner/docker/docker-client.ts";
import { LocalDriver } from "../runner/drivers/local/local-driver.ts";
import { runRepetition } from "../runner/execute/run-repetition.ts";
import { ensureImage } from "../runner/image/bench-image.ts";
import type { Cell } from "../runner/plan/cell.ts";
import { median } from "../runner/results/statistics.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const COMMAND = ["-e", "process.exit(0)"];
const MEMORY_BYTES = 256 * 2 ** 20;

const docker = createDockerClient();
const driver = new LocalDriver(docker, { host: "bench" });
const root = join(import.meta.dir, "..");
const image = await ensureImage(
  docker,
  { kind: "build", context: root, dockerfile: "Dockerfile", args: {} },
  {
    env: { ...process.env, BUN_CAPACITY_OFFLINE: process.env.BUN_CAPACITY_OFFLINE ?? "1" },
  },
);
const cell: Cell = {
  id: "overhead",
  scenario: "overhead",
  flags: {},
  cpus: 1,
  memoryBytes: MEMORY_BYTES,
  smol: false,
  sloP99Ms: 100,
  warmupSeconds: 0,
  durationSeconds: 1,
  repetitions: 1,
  timeoutSeconds: 30,
  image: image.ref,
  command: COMMAND,
  env: {},
  network: false,
  exceedsHost: null,
};
const context = { runId: `overhead-${process.pid}`, commit: null, ownerPid: process.pid, ownerHost: "bench" };

async function ours(): Promise<number> {
  const started = performance.now();
  const repetition = await runRepetition({ driver, cell, image: image.ref, index: 0, context });
  if (repetition.status !== "bad-output")
    throw new Error(`unexpected ${repetition.status}: ${repetition.message}`);
  return performance.now() - started;
}

async function bare(): Promise<number> {
  const started = performance.now();
  const limits = ["--cpus", "1", "--memory", String(MEMORY_BYTES), "--memory-swap", String(MEMORY_BYTES)];
  const hardening = [
    "--read-only",
    "--cap-drop",
    "ALL",
    "--security-opt",
    "no-new-privileges",
    "--network",
    "none",
  ];
  await Bun.$`docker run --rm ${limits} ${hardening} ${image.ref} ${COMMAND}`.quiet();
  return performance.now() - started;
}

await ours(); // warm the image cache and the connection
await bare();
const oursMs: number[] = [];
const bareMs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  oursMs.push(await ours());
  bareMs.push(await bare());
}
const oursMedianMs = median(oursMs) ?? 0;
const bareMedianMs = median(bareMs) ?? 0;
const ratio = oursMedianMs / bareMedianMs;
console.log(`container round trip, median of ${ROUNDS} (alternated), image ${image.ref}`);
console.log(`  runner client (create/start/stats/wait/logs/inspect/remove): ${oursMedianMs.toFixed(0)} ms`);
console.log(`  docker run --rm:                                            ${bareMedianMs.toFixed(0)} ms`);
console.log(`  ratio: ${ratio.toFixed(2)} (target <= 1.2) ${ratio <= 1.2 ? "OK" : "OVER TARGET"}`);
