// Our generator against a reference client (Debian's wrk) on the same limited service, both pinned to core 0 and
// in the service's network namespace (127.0.0.1 only): if the generator, not the service, set a ceiling, the
// reference drives the same container further. Known answers: a 200 us CPU cost per request at 1 vCPU carries at
// most 5,000/s; a trivial handler shows how far each client can go. Usage: bun bench/reference-client.ts
import { join } from "node:path";
import { execa } from "execa";
import { type GeneratorStepConfig, GeneratorStepSummary } from "../contract/generator-step.ts";
import { createDockerClient } from "../runner/docker/docker-client.ts";
import { ensureImage } from "../runner/image/bench-image.ts";
import { ensureGeneratorImage } from "../runner/image/generator-image.ts";

const PORT = 8080;
const STEP_SECONDS = 5;
const DOCKER_SLACK_MS = 30_000;
const LABEL = "bun-capacity.bench=reference-client";
/** The service's cost per request (fixture cpu-cost.ts) and the concurrencies compared: Cloud Run's 1 and 80. */
const SERVICES = [
  { label: "trivial handler", workUs: 0 },
  { label: "200 us CPU per request", workUs: 200 },
];
const CONCURRENCIES = [1, 80];

const log = (line: string) => console.error(`[reference bench] ${line}`);
const run = (args: string[], timeoutMs: number) =>
  execa(args[0] ?? "", args.slice(1), { timeout: timeoutMs, reject: false });

if (!Bun.which("wrk")) {
  console.error("wrk is not installed: apt-get install wrk (Debian's package), then run this again");
  process.exit(2);
}
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
    await run(["docker", "rm", "-f", id], DOCKER_SLACK_MS);
  }
}

/** The fixture at 1 vCPU on core 1, no network but loopback; its id once it answers. */
async function startService(workUs: number): Promise<string> {
  const started = await run(
    [
      "docker",
      "run",
      "-d",
      "--label",
      LABEL,
      "--network",
      "none",
      "--cpus",
      "1",
      "--cpuset-cpus",
      "1",
    ].concat(["-e", `WORK_US=${workUs}`, fixtures.ref, "cpu-cost.ts"]),
    DOCKER_SLACK_MS,
  );
  if (started.exitCode !== 0) throw new Error(`the fixture did not start: ${started.stderr}`);
  const id = started.stdout.trim();
  const ready = await run(
    ["docker", "run", "--rm", "--network", `container:${id}`, "--label", LABEL, generator.ref].concat([
      "bun",
      "/app/generator/readiness.ts",
      `http://127.0.0.1:${PORT}/health`,
      "15000",
    ]),
    DOCKER_SLACK_MS,
  );
  if (ready.exitCode !== 0) throw new Error(`the fixture never answered: ${ready.stderr}`);
  return id;
}

/** wrk, closed loop, on core 0 inside the service's network namespace (nsenter into its pid's netns). */
async function wrkRate(id: string, connections: number): Promise<number> {
  const pid = (await run(["docker", "inspect", "-f", "{{.State.Pid}}", id], DOCKER_SLACK_MS)).stdout.trim();
  const result = await run(
    [
      "nsenter",
      "-t",
      pid,
      "-n",
      "taskset",
      "-c",
      "0",
      "wrk",
      "-t1",
      `-c${connections}`,
      `-d${STEP_SECONDS}s`,
    ].concat([`http://127.0.0.1:${PORT}/burn`]),
    STEP_SECONDS * 1000 + DOCKER_SLACK_MS,
  );
  const rate = Number(/Requests\/sec:\s*([\d.]+)/.exec(result.stdout)?.[1]);
  if (!Number.isFinite(rate)) throw new Error(`wrk printed no rate: ${result.stdout} ${result.stderr}`);
  return rate;
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
