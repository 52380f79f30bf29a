// Our generator against a reference client (Debian's wrk) on the same limited service, both pinned to core 0 and
// in the service's network namespace (127.0.0.1 only): if the generator, not the service, set a ceiling, the
// reference drives the same container further. Known answers: a 200 us CPU cost per request at 1 vCPU carries at
// most 5,000/s; a trivial handler shows how far each client can go. Usage: bun bench/reference-client.ts
import { join } from "node:path";
import { type GeneratorStepConfig, GeneratorStepSummary } from "../contract/generator-step.ts";
import { createDockerClient } from "../runner/docker/docker-client.ts";
import { ensureImage } from "../runner/image/bench-image.ts";
import { ensureGeneratorImage } from "../runner/image/generator-image.ts";
import {
  DOCKER_SLACK_MS,
  PORT,
  removeService,
  requireWrk,
  run,
  startPinnedService,
  wrkRate as wrkIn,
} from "./wrk-reference.ts";

const STEP_SECONDS = 5;
const LABEL = "bun-capacity.bench=reference-client";
/** The service's cost per request (fixture cpu-cost.ts) and the concurrencies compared: Cloud Run's 1 and 80. */
const SERVICES = [
  { label: "trivial handler", workUs: 0 },
  { label: "200 us CPU per request", workUs: 200 },
];
const CONCURRENCIES = [1, 80];

const log = (line: string) => console.error(`[reference bench] ${line}`);
requireWrk();
const docker = createDockerClient();
const generator = await ensureGeneratorImage(docker, { log });
const fixtures = await ensureImage(
  docker,
  {
    kind: "build",
    context: join(import.meta.dir, "../test/fixtures/services"),
    dockerfile: "Dockerfile",
    args: {},
  },
  { log },
);

console.log("service                  conc  wrk req/s  generator req/s  generator/wrk");
for (const service of SERVICES) {
  const id = await startService(service.workUs);
  try {
    for (const concurrency of CONCURRENCIES) {
      const wrk = await wrkRate(id, concurrency);
      const ours = await generatorRate(id, concurrency);
      console.log(
        `${service.label.padEnd(24)} ${String(concurrency).padStart(4)}  ${wrk.toFixed(0).padStart(9)}  ${ours.toFixed(0).padStart(15)}  ${(ours / wrk).toFixed(2).padStart(13)}`,
      );
    }
  } finally {
    await removeService(id);
  }
}

/** The fixture at 1 vCPU on core 1, no network but loopback; its id once it answers. */
function startService(workUs: number): Promise<string> {
  return startPinnedService({
    image: fixtures.ref,
    cmd: ["cpu-cost.ts"],
    env: { WORK_US: String(workUs) },
    cpus: 1,
    cores: "1",
    label: LABEL,
    generatorImage: generator.ref,
  });
}

/** wrk, closed loop, on core 0 inside the service's network namespace (nsenter into its pid's netns). */
function wrkRate(id: string, connections: number): Promise<number> {
  return wrkIn(id, { connections, core: "0", path: "/burn", seconds: STEP_SECONDS });
}

/** Our generator, closed loop with `concurrency` in flight, on core 0 in the service's namespace. */
async function generatorRate(id: string, concurrency: number): Promise<number> {
  const durationMs = STEP_SECONDS * 1000;
  const config: GeneratorStepConfig = {
    kind: "closed",
    ratePerSec: null,
    concurrency,
    durationMs,
    sloP99Ms: 100,
    rateFromMs: null,
    rateToMs: null,
    drainMs: 1000,
    timeoutMs: 2000,
    plannedRequests: null,
    port: PORT,
    requests: [{ weight: 1, method: "GET", path: "/burn", headers: {}, body: null }],
    workload: null,
    flags: {},
    workers: 1,
  };
  const result = await run(
    ["docker", "run", "--rm", "--network", `container:${id}`, "--label", LABEL, "--cpuset-cpus", "0"].concat([
      "-e",
      `BC_STEP=${JSON.stringify(config)}`,
      generator.ref,
      "bun",
      "/app/generator/main.ts",
    ]),
    durationMs + DOCKER_SLACK_MS,
  );
  if (result.exitCode !== 0) throw new Error(`the generator failed: ${result.stderr}`);
  const summary = GeneratorStepSummary.parse(JSON.parse(result.stdout));
  return summary.completed / (Math.max(summary.lastSendMs, summary.lastDoneMs) / 1000);
}
