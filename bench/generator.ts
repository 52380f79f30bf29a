// Our load generator's own cost and ceiling on this host: the generator pinned to core 0 in the network namespace of a
// trivial Bun.serve pinned to core 1, loopback only. Prints its CPU per request at 10,000/s, that over the service's,
// and the highest open-loop rate whose generator-measured p99 stays within 5 ms. Usage: bun bench/generator.ts
import { join } from "node:path";
import { execa } from "execa";
import { type GeneratorStepConfig, GeneratorStepSummary } from "../contract/generator-step.ts";
import { createDockerClient } from "../runner/docker/docker-client.ts";
import { CgroupParent, containerCpuSeconds } from "../runner/drivers/local/cgroup-accounting.ts";
import { resolveBaseImage } from "../runner/image/base-image.ts";
import { readBunVersion } from "../runner/image/bun-version.ts";
import { ensureGeneratorImage } from "../runner/image/generator-image.ts";

const PORT = 8080;
const CPU_RATE_PER_SEC = 10_000;
const CPU_STEP_MS = 10_000;
const RAMP_STEP_MS = 5_000;
/** Open-loop rates tried in turn, up to the first that misses (a fixed list: the ramp is bounded). */
const RAMP_RATES = [10_000, 15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 50_000, 60_000, 80_000];
const P99_BOUND_MS = 5;
/** A shared host's neighbours can spoil one step's tail: a rate holds if one of this many steps keeps the bound. */
const TRIES = 2;
const CONCURRENCY = 100;
const DOCKER_SLACK_MS = 30_000;
const LABEL = "bun-capacity.bench=generator";
const TRIVIAL_SERVICE = `Bun.serve({ hostname: "127.0.0.1", port: ${PORT}, fetch: () => new Response("ok") });`;

const log = (line: string) => console.error(`[generator bench] ${line}`);
const docker = createDockerClient();
const generator = await ensureGeneratorImage(docker, { log });
const base = await resolveBaseImage(docker, {
  bunVersion: await readBunVersion(join(import.meta.dir, "..")),
  log,
});
log(`generator image ${generator.ref}, service base ${base.ref}`);

const run = (args: string[], timeoutMs: number) =>
  execa("docker", args, { timeout: timeoutMs, reject: false });
const name = `bc-bench-generator-${process.pid}`;
const service = await run(
  ["run", "-d", "--rm", "--name", name, "--label", LABEL, "--network", "none", "--cpuset-cpus", "1"].concat([
    base.ref,
    "bun",
    "-e",
    TRIVIAL_SERVICE,
  ]),
  DOCKER_SLACK_MS,
);
if (service.exitCode !== 0) throw new Error(`the trivial service did not start: ${service.stderr}`);
const serviceId = service.stdout.trim();
let steps = 0;
const inService = ["--network", `container:${serviceId}`, "--label", LABEL];

try {
  const ready = await run(
    [
      "run",
      "--rm",
      ...inService,
      generator.ref,
      "bun",
      "/app/generator/readiness.ts",
      `http://127.0.0.1:${PORT}/`,
      "10000",
    ],
    DOCKER_SLACK_MS,
  );
  if (ready.exitCode !== 0) throw new Error(`the trivial service never answered: ${ready.stderr}`);

  await step(5_000, 3_000); // warms the service's JIT; not reported
  const cpu = await step(CPU_RATE_PER_SEC, CPU_STEP_MS);
  const perRequestUs = (cpu.generatorCpuSeconds / cpu.summary.completed) * 1e6;
  const serviceUs = (cpu.serviceCpuSeconds / cpu.summary.completed) * 1e6;
  log(
    `at ${CPU_RATE_PER_SEC}/s: the step's own figure ${((cpu.summary.self.cpuSeconds / cpu.summary.completed) * 1e6).toFixed(1)} us/request, service ${serviceUs.toFixed(1)} us/request`,
  );

  let held: number | null = null;
  for (const rate of RAMP_RATES) {
    if (!(await holds(rate))) break;
    held = rate;
  }
  console.log(`generator cpu per request: ${perRequestUs.toFixed(1)} us`);
  console.log(`generator/service cpu ratio: ${(perRequestUs / serviceUs).toFixed(2)}`);
  console.log(
    `max open-loop rate with generator p99 <= ${P99_BOUND_MS} ms: ${held === null ? `below ${RAMP_RATES[0]}` : held}/s`,
  );
} finally {
  await run(["kill", serviceId], DOCKER_SLACK_MS);
}

/** Whether the generator keeps `rate` within the p99 bound with nothing dropped or failed, in one of TRIES steps. */
async function holds(rate: number): Promise<boolean> {
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const { summary } = await step(rate, RAMP_STEP_MS);
    const dropped = (summary.plannedRequests ?? 0) - summary.started;
    const held = summary.latency.p99Ms <= P99_BOUND_MS && dropped === 0 && summary.errors === 0;
    log(
      `${rate}/s try ${attempt}: ${held ? "held" : "missed"}: p99 ${summary.latency.p99Ms} ms, send lag p99 ` +
        `${summary.self.sendLagP99Ms} ms, dropped ${dropped}, errors ${summary.errors}`,
    );
    if (held) return true;
  }
  return false;
}

/** One open-loop step in a fresh generator container on core 0; its summary and both containers' CPU over it. */
async function step(ratePerSec: number, durationMs: number) {
  const config: GeneratorStepConfig = {
    kind: "open",
    ratePerSec,
    concurrency: CONCURRENCY,
    durationMs,
    sloP99Ms: P99_BOUND_MS,
    rateFromMs: 1000,
    rateToMs: durationMs,
    drainMs: 1000,
    timeoutMs: 2000,
    plannedRequests: Math.round((ratePerSec * durationMs) / 1000),
    port: PORT,
    requests: [{ weight: 1, method: "GET", path: "/", headers: {}, body: null }],
    workload: null,
    flags: {},
    workers: 1,
  };
  // The generator's container CPU is read from a parent cgroup, which keeps its total after the container is gone.
  const parent = new CgroupParent(
    "/sys/fs/cgroup",
    1,
    `bun-capacity-bench-generator-${process.pid}-${++steps}`,
  );
  const serviceBefore = await containerCpuSeconds(serviceId);
  const result = await run(
    [
      "run",
      "--rm",
      ...inService,
      "--cpuset-cpus",
      "0",
      "--cgroup-parent",
      parent.path,
      "-e",
      `BC_STEP=${JSON.stringify(config)}`,
    ].concat([generator.ref, "bun", "/app/generator/main.ts"]),
    durationMs + DOCKER_SLACK_MS,
  );
  const serviceAfter = await containerCpuSeconds(serviceId);
  const totals = await parent.totals();
  await parent.remove();
  if (result.exitCode !== 0) throw new Error(`the generator failed at ${ratePerSec}/s: ${result.stderr}`);
  if (serviceBefore === null || serviceAfter === null || totals?.cpuNanos == null) {
    throw new Error(
      "no cgroup CPU figures on this host (the bench reads cgroup v1 cpuacct under /sys/fs/cgroup)",
    );
  }
  return {
    summary: GeneratorStepSummary.parse(JSON.parse(result.stdout)),
    generatorCpuSeconds: totals.cpuNanos / 1e9,
    serviceCpuSeconds: serviceAfter - serviceBefore,
  };
}
