// Measures generator and service CPU per publish for ingest and e2e at a fixed open-loop rate, each pinned to a
// core: `bun test/service/workloads/ingest-e2e/measure-cpu-per-publish.ts [ratePerSec] [durationMs]`.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { runPacedStepWithUsage } from "./run-paced-step.ts";
import { startServiceProcess } from "./start-service-process.ts";

const TICKS_PER_SEC = 100;
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

async function measure(
  name: "ingest" | "e2e",
  flags: Record<string, string | number>,
  ratePerSec: number,
  durationMs: number,
) {
  const service = await startServiceProcess({}, 1);
  try {
    const serviceBefore = cpuSecondsOf(service.pid);
    const { summary, usage } = await runPacedStepWithUsage(name, service.port, flags, {
      ratePerSec,
      durationMs,
      concurrency: 80,
      rateFromMs: 500,
      core: 0,
      bunFlags: GENERATOR_BUN_FLAGS,
    });
    const serviceSeconds = cpuSecondsOf(service.pid) - serviceBefore;
    const userShare =
      usage === undefined ? "?" : (Number(usage.cpuTime.user) / Number(usage.cpuTime.total)).toFixed(2);
    const perPublishUs = (seconds: number) => ((seconds / Math.max(1, summary.completed)) * 1e6).toFixed(1);
    console.log(
      `${name} ${JSON.stringify(flags)} at ${ratePerSec}/s for ${durationMs} ms: completed ${summary.completed}/${summary.started}, errors ${summary.errors}, p99 ${summary.latency.p99Ms.toFixed(1)} ms, send lag p99 ${summary.self.sendLagP99Ms.toFixed(1)} ms; generator ${summary.self.cpuSeconds.toFixed(2)} s = ${perPublishUs(summary.self.cpuSeconds)} µs/publish (user share ${userShare}); service ${serviceSeconds.toFixed(2)} s = ${perPublishUs(serviceSeconds)} µs/publish`,
    );
  } finally {
    await service.stop();
  }
}

const [ratePerSec, durationMs, which] = Args.parse(process.argv.slice(2));
if (which === "ingest1")
  await measure("ingest", { batch: 1, payload: "small", protocol: "http1" }, ratePerSec, durationMs);
if (which === "ingest" || which === "both")
  await measure("ingest", { batch: 10, payload: "small", protocol: "http1" }, ratePerSec, durationMs);
if (which === "e2e" || which === "both") await measure("e2e", { subscribers: 1 }, ratePerSec, durationMs);
