// Fidelity: does the tool's ceiling at 1 vCPU (cpuView pinned) match what Debian's wrk drives on the same image under
// the same pinning? Two fixtures (bench/fidelity/fixtures.ts): allocation-heavy and CPU-light. For each, interleaved:
// wrk (closed loop, 80 connections, on a core the service does not use, in its network namespace), then the tool's
// ceiling search through its CLI (cells pinned and shared, concurrency 80), then wrk again. Prints exactly:
//   fidelity <fixture>: tool/wrk <ratio>        (the pinned ceiling over the mean of the two wrk runs)
//   shared/pinned <fixture>: <ratio>            (the tool's ceiling under each view)
//   limit <fixture>: <who>                      (the service, or what else set the pinned cell's ceiling: then the
//                                                fidelity ratio compares the generator with wrk, not the service)
//   probe composite: <x>                        (`bun runner/matrix.ts probe --json`, or unavailable and why)
// Details go to stderr. The whole bench holds the host lock; the CLI runs inside it with --no-host-lock.
// Usage: bun bench/fidelity.ts
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HostProbe } from "../contract/host-probe.ts";
import { createDockerClient } from "../runner/docker/docker-client.ts";
import { allocateCores, cpusetText } from "../runner/host/core-allocation.ts";
import { acquireHostLock } from "../runner/host/host-lock.ts";
import { ensureImage } from "../runner/image/bench-image.ts";
import { ensureGeneratorImage } from "../runner/image/generator-image.ts";
import { CellRecord } from "../runner/results/cell-record.ts";
import { LATEST_FILE } from "../runner/results/run-store.ts";
import { removeService, requireWrk, run, startPinnedService, wrkRate } from "./wrk-reference.ts";

const FIXTURES = ["alloc-heavy", "cpu-light"] as const;
const CPUS = 1;
const CONNECTIONS = 80;
const WRK_SECONDS = 5;
const SLO_P99_MS = 100;
const LABEL = "bun-capacity.bench=fidelity";
const REPO = join(import.meta.dir, "..");
/** The tool's run of one fixture: two cells of one repetition; bounded by its own timeouts, this is a backstop. */
const TOOL_TIMEOUT_MS = 15 * 60_000;

const log = (line: string) => console.error(`[fidelity] ${line}`);
requireWrk();
const docker = createDockerClient();
const hostCores = (await docker.info()).cpus;
const cores = allocateCores(CPUS, hostCores, 1);
if (!cores) {
  console.error(
    `a pinned ${CPUS}-vCPU service needs ${CPUS + 1} cores (one for the client); this host has ${hostCores}`,
  );
  process.exit(2);
}
// The same cores the tool gives a pinned cell: the service on the highest, wrk on the lowest of the others.
const serviceCores = cpusetText(cores.service);
const wrkCore = String(cores.others[0]);
const generator = await ensureGeneratorImage(docker, { log });
const image = await ensureImage(
  docker,
  { kind: "build", context: join(import.meta.dir, "fidelity"), dockerfile: "Dockerfile", args: {} },
  { log },
);
log(`host ${hostCores} cores: service on ${serviceCores}, wrk on ${wrkCore}; image ${image.ref}`);

const lock = await acquireHostLock({ runId: `bench-fidelity-${process.pid}`, log });
const lines: string[] = [];
try {
  for (const fixture of FIXTURES) {
    const before = await wrkOnce(fixture);
    const tool = await toolCeilings(fixture);
    const after = await wrkOnce(fixture);
    const wrk = (before + after) / 2;
    log(
      `${fixture}: wrk ${before.toFixed(0)} then ${after.toFixed(0)} req/s; tool pinned ${fmt(tool.pinned)} (${tool.statuses.pinned}), shared ${fmt(tool.shared)} (${tool.statuses.shared})`,
    );
    lines.push(`fidelity ${fixture}: tool/wrk ${ratio(tool.pinned, wrk)}`);
    lines.push(`shared/pinned ${fixture}: ${ratio(tool.shared, tool.pinned)}`);
    lines.push(`limit ${fixture}: ${tool.limit}`);
  }
} finally {
  lock.release();
}
lines.push(`probe composite: ${await probeComposite()}`);
console.log(lines.join("\n"));

function fmt(value: number | null): string {
  return value === null ? "none" : `${value.toFixed(0)} req/s`;
}
function ratio(top: number | null, bottom: number | null): string {
  return top === null || bottom === null || bottom <= 0
    ? "unavailable (no ceiling)"
    : (top / bottom).toFixed(2);
}

/** wrk against a fresh container of the fixture, pinned as the tool pins a 1-vCPU cell. */
async function wrkOnce(fixture: string): Promise<number> {
  const id = await startPinnedService({
    image: image.ref,
    cmd: ["fixtures.ts", fixture],
    env: {},
    cpus: CPUS,
    cores: serviceCores,
    label: LABEL,
    generatorImage: generator.ref,
  });
  try {
    // A short first run warms the service up, as the tool's warm-up step does; the second is measured.
    await wrkRate(id, { connections: CONNECTIONS, core: wrkCore, path: "/", seconds: 1 });
    return await wrkRate(id, { connections: CONNECTIONS, core: wrkCore, path: "/", seconds: WRK_SECONDS });
  } finally {
    await removeService(id);
  }
}

/** The tool's own ceiling search, through its CLI, on the same image: a pinned and a shared cell of 1 vCPU. */
async function toolCeilings(fixture: string) {
  const dir = await mkdtemp(join(tmpdir(), `bench-fidelity-${fixture}-`));
  try {
    const matrix = join(dir, "matrix.yaml");
    await writeFile(
      matrix,
      [
        `service: { image: ${image.ref}, port: 8080, readyPath: /health, command: [fixtures.ts, ${fixture}] }`,
        `defaults: { warmupSeconds: 1, stepSeconds: 2, repetitions: 1, maxRepetitions: 1, sloP99Ms: ${SLO_P99_MS}, timeoutSeconds: 300 }`,
        `axes: { cpus: [${CPUS}], memory: [512Mi], smol: [false], concurrency: [${CONNECTIONS}], cpuView: [pinned, shared] }`,
        "scenarios: { get: { request: { path: / } } }",
        "cloudRun: { targetPerSec: 1000, billing: request }",
      ].join("\n"),
    );
    const out = join(dir, "results");
    const cli = await run(
      ["bun", join(REPO, "runner/matrix.ts"), matrix, "--out", out, "--no-host-lock"],
      TOOL_TIMEOUT_MS,
    );
    if (cli.exitCode !== 0 && cli.exitCode !== 1)
      throw new Error(
        `the tool's run failed (exit ${cli.exitCode}): ${cli.stderr.split("\n").slice(-5).join(" ")}`,
      );
    const runId = (await Bun.file(join(out, LATEST_FILE)).text()).trim();
    const cell = async (suffix: string) => {
      const id = `get__cpu${CPUS}__mem512Mi__smol0__conc${CONNECTIONS}${suffix}`;
      return CellRecord.parse(await Bun.file(join(out, runId, "cells", `${id}.json`)).json());
    };
    const [pinned, shared] = [await cell(""), await cell("__shared")];
    return {
      pinned: measuredCeiling(pinned),
      shared: measuredCeiling(shared),
      statuses: { pinned: describe(pinned), shared: describe(shared) },
      limit: limitOf(pinned),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The cell's ceiling; for a flagged cell (e.g. exceeds-host: the generator or host was the limit), the measured one. */
function measuredCeiling(record: CellRecord): number | null {
  if (record.summary.ceilingPerSec) return record.summary.ceilingPerSec.median;
  const measured = record.repetitions.flatMap((r) => r.result?.ceiling?.ceilingPerSec ?? []);
  return measured.length ? Math.min(...measured) : null;
}

/** Who set the pinned cell's ceiling: an ok cell is the service's; a flagged one (exceeds-host: the generator or the host) is not. */
function limitOf(record: CellRecord): string {
  if (record.status === "ok") return "the service (the pinned cell is ok)";
  return `NOT the service: the pinned cell is ${record.status} (${record.message.slice(0, 200)}); tool/wrk is not a fidelity figure`;
}

function describe(record: CellRecord): string {
  const cpu = record.repetitions.at(-1)?.cpu;
  const cores = cpu ? `${cpu.view} ${cpu.serviceCpuset ?? "any"}` : "?";
  return record.status === "ok" ? `ok, ${cores}` : `${record.status}, ${cores}: ${record.message}`;
}

/** The host probe's composite, from `bun runner/matrix.ts probe --json`; why not, when that command is missing. */
async function probeComposite(): Promise<string> {
  const probe = await run(["bun", join(REPO, "runner/matrix.ts"), "probe", "--json"], 120_000);
  const line = probe.stdout.trim().split("\n").at(-1) ?? "";
  let parsed: ReturnType<typeof HostProbe.safeParse> | null = null;
  try {
    parsed = HostProbe.safeParse(JSON.parse(line));
  } catch {
    parsed = null;
  }
  if (probe.exitCode === 0 && parsed?.success) return parsed.data.composite.toFixed(2);
  const why = (probe.stderr || probe.stdout).trim().split("\n")[0]?.slice(0, 160) ?? "";
  return `unavailable (\`probe --json\` exited ${probe.exitCode}: ${why})`;
}
