// Measures generator and service CPU per publish for ingest and e2e at a fixed open-loop rate, each pinned to a
// core: `bun test/generator/workloads/ingest-e2e/measure-cpu-per-publish.ts [ratePerSec] [durationMs]`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { type GeneratorStepConfig, GeneratorStepSummary } from "../../../../contract/generator-step.ts";

const ROOT = join(import.meta.dir, "../../../..");
const TICKS_PER_SEC = 100;
const READY_WITHIN_MS = 10_000;
const Args = z.tuple([
  z.coerce.number().int().positive().default(5000),
  z.coerce.number().int().positive().default(3000),
  z.enum(["ingest", "e2e", "both", "ingest1"]).default("both"),
]);
/** Extra bun flags for the generator, e.g. "--cpu-prof-md --cpu-prof-dir=/tmp/prof". */
const GENERATOR_BUN_FLAGS = (process.env.BC_MEASURE_BUN_FLAGS ?? "").split(" ").filter((flag) => flag !== "");

/** utime + stime of a process, in seconds (all its threads). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "latin1").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SEC;
}

async function startService(): Promise<{ pid: number; port: number; stop(): void }> {
  const proc = Bun.spawn(["taskset", "-c", "1", "bun", join(ROOT, "service/main.ts")], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0" },
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = proc.stdout.getReader();
  let text = "";
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
    const port = /listening on [\d.]+:(\d+) /.exec(text)?.[1];
    if (port !== undefined) {
      void (async () => {
        while (!(await reader.read()).done);
      })();
      return { pid: proc.pid, port: Number(port), stop: () => proc.kill("SIGKILL") };
    }
  }
  proc.kill("SIGKILL");
  throw new Error(`the service did not listen within ${READY_WITHIN_MS} ms: ${text}`);
}

async function measure(
  name: "ingest" | "e2e",
  flags: Record<string, string | number>,
  ratePerSec: number,
  durationMs: number,
) {
  const service = await startService();
  try {
    const step: GeneratorStepConfig = {
      kind: "open",
      ratePerSec,
      concurrency: 80,
      durationMs,
      sloP99Ms: 1000,
      rateFromMs: 500,
      rateToMs: durationMs,
      drainMs: 1000,
      timeoutMs: 5000,
      plannedRequests: (ratePerSec * durationMs) / 1000,
      port: service.port,
      requests: [],
      workload: join(ROOT, `generator/workloads/${name}.ts`),
      flags,
      workers: 1,
    };
    const serviceBefore = cpuSecondsOf(service.pid);
    const proc = Bun.spawn(
      ["taskset", "-c", "0", "bun", ...GENERATOR_BUN_FLAGS, join(ROOT, "generator/main.ts")],
      {
        env: { ...process.env, BC_STEP: JSON.stringify(step) },
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const [stdout, stderr, exit] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    const serviceSeconds = cpuSecondsOf(service.pid) - serviceBefore;
    if (exit !== 0) throw new Error(`generator exited ${exit}: ${stderr}`);
    const summary = GeneratorStepSummary.parse(JSON.parse(stdout.trim().split("\n").at(-1) ?? "null"));
    const usage = proc.resourceUsage();
    const userShare =
      usage === undefined ? "?" : (Number(usage.cpuTime.user) / Number(usage.cpuTime.total)).toFixed(2);
    const perPublishUs = (seconds: number) => ((seconds / Math.max(1, summary.completed)) * 1e6).toFixed(1);
    console.log(
      `${name} ${JSON.stringify(flags)} at ${ratePerSec}/s for ${durationMs} ms: completed ${summary.completed}/${summary.started}, errors ${summary.errors}, p99 ${summary.latency.p99Ms.toFixed(1)} ms, send lag p99 ${summary.self.sendLagP99Ms.toFixed(1)} ms; generator ${summary.self.cpuSeconds.toFixed(2)} s = ${perPublishUs(summary.self.cpuSeconds)} µs/publish (user share ${userShare}); service ${serviceSeconds.toFixed(2)} s = ${perPublishUs(serviceSeconds)} µs/publish`,
    );
  } finally {
    service.stop();
  }
}

const [ratePerSec, durationMs, which] = Args.parse(process.argv.slice(2));
if (which === "ingest1")
  await measure("ingest", { batch: 1, payload: "small", protocol: "http1" }, ratePerSec, durationMs);
if (which === "ingest" || which === "both")
  await measure("ingest", { batch: 10, payload: "small", protocol: "http1" }, ratePerSec, durationMs);
if (which === "e2e" || which === "both") await measure("e2e", { subscribers: 1 }, ratePerSec, durationMs);
