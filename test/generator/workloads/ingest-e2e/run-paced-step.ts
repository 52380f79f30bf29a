import { join } from "node:path";
import { z } from "zod";
import { type GeneratorStepConfig, GeneratorStepSummary } from "../../../../contract/generator-step.ts";

const ROOT = join(import.meta.dir, "../../../..");
const MAIN = join(ROOT, "generator/main.ts");

export interface StepOptions {
  ratePerSec?: number;
  durationMs?: number;
  concurrency?: number;
  timeoutMs?: number;
  workers?: number;
}

/**
 * One open-loop step of workload `name` (generator/workloads/<name>.ts) as the runner has it run: `bun
 * generator/main.ts` with the step in BC_STEP, against the service on 127.0.0.1:`port`; its one summary line.
 * Generous timeouts: a loaded shared host must not turn slow answers into errors.
 */
export async function runPacedStep(
  name: "ingest" | "e2e",
  port: number,
  flags: Record<string, string | number>,
  options: StepOptions = {},
): Promise<GeneratorStepSummary> {
  const ratePerSec = options.ratePerSec ?? 100;
  const durationMs = options.durationMs ?? 1000;
  const step: GeneratorStepConfig = {
    kind: "open",
    ratePerSec,
    concurrency: options.concurrency ?? 10,
    durationMs,
    sloP99Ms: 1000,
    rateFromMs: 100,
    rateToMs: durationMs,
    drainMs: 1000,
    timeoutMs: options.timeoutMs ?? 5000,
    plannedRequests: (ratePerSec * durationMs) / 1000,
    port,
    requests: [],
    workload: join(ROOT, `generator/workloads/${name}.ts`),
    flags,
    workers: options.workers ?? 1,
  };
  const proc = Bun.spawn(["bun", MAIN], {
    env: { ...process.env, BC_STEP: JSON.stringify(step) },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exit] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (exit !== 0) throw new Error(`generator exited ${exit}: ${stderr}`);
  const parsed = GeneratorStepSummary.safeParse(JSON.parse(stdout.trim().split("\n").at(-1) ?? "null"));
  if (!parsed.success) throw new Error(`no step summary:\n${z.prettifyError(parsed.error)}\n${stdout}`);
  return parsed.data;
}
