import { join } from "node:path";
import { z } from "zod";
import { type GeneratorStepConfig, GeneratorStepSummary } from "../../../../contract/generator-step.ts";
import { repoRoot, runBun } from "../../../generator/run-generator.ts";

/** Past its own bound (duration, drain, timeout) the generator is killed after this much more. */
const EXIT_SLACK_MS = 30_000;

export interface StepOptions {
  ratePerSec?: number;
  durationMs?: number;
  concurrency?: number;
  timeoutMs?: number;
  workers?: number;
  /** Completions from this ms on count towards the achieved rate. */
  rateFromMs?: number;
  /** The generator pinned to this core (taskset). */
  core?: number;
  /** Flags for the generator's bun, e.g. --cpu-prof-md. */
  bunFlags?: readonly string[];
  /** As calibrate sets them: the target's host and TLS, and the headers in the generator's environment. */
  host?: string;
  tls?: { insecure: boolean };
  env?: Record<string, string>;
  watchHeader?: string;
}

/**
 * One open-loop step of workload `name` (service/workloads/<name>.ts) as the runner has it run: `bun
 * generator/main.ts` with the step in BC_STEP, against the service on 127.0.0.1:`port`; its one summary line.
 * Generous timeouts: a loaded shared host must not turn slow answers into errors.
 */
export async function runPacedStep(
  name: "ingest" | "e2e",
  port: number,
  flags: Record<string, string | number>,
  options: StepOptions = {},
): Promise<GeneratorStepSummary> {
  return (await runPacedStepWithUsage(name, port, flags, options)).summary;
}

/** runPacedStep, with the generator process's resource usage (its CPU split into user and system). */
export async function runPacedStepWithUsage(
  name: "ingest" | "e2e",
  port: number,
  flags: Record<string, string | number>,
  options: StepOptions = {},
) {
  const ratePerSec = options.ratePerSec ?? 100;
  const durationMs = options.durationMs ?? 1000;
  const step: GeneratorStepConfig = {
    kind: "open",
    ratePerSec,
    concurrency: options.concurrency ?? 10,
    durationMs,
    sloP99Ms: 1000,
    rateFromMs: options.rateFromMs ?? 100,
    rateToMs: durationMs,
    drainMs: 1000,
    timeoutMs: options.timeoutMs ?? 5000,
    plannedRequests: (ratePerSec * durationMs) / 1000,
    port,
    requests: [],
    workload: join(repoRoot, `service/workloads/${name}.ts`),
    flags,
    workers: options.workers ?? 1,
    ...(options.host ? { host: options.host } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.watchHeader ? { watchHeader: options.watchHeader } : {}),
  };
  const { exitCode, stdout, stderr, usage } = await runBun("generator/main.ts", [], {
    env: { BC_STEP: JSON.stringify(step), ...options.env },
    timeoutMs: durationMs + step.drainMs + step.timeoutMs + EXIT_SLACK_MS,
    core: options.core,
    bunFlags: options.bunFlags,
  });
  if (exitCode !== 0) throw new Error(`generator exited ${exitCode}: ${stderr}`);
  const parsed = GeneratorStepSummary.safeParse(JSON.parse(stdout.trim().split("\n").at(-1) ?? "null"));
  if (!parsed.success) throw new Error(`no step summary:\n${z.prettifyError(parsed.error)}\n${stdout}`);
  return { summary: parsed.data, usage };
}
