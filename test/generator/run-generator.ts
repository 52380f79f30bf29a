import { join } from "node:path";
import type { GeneratorStepConfig } from "../../contract/generator-step.ts";

export const repoRoot = join(import.meta.dir, "../..");

export interface RunBunOptions {
  env?: Record<string, string>;
  stdin?: string;
  /** Killed (SIGKILL) past this: 30 s unless given. */
  timeoutMs?: number;
  /** Pinned to this core (taskset), e.g. to measure its CPU beside a service on another. */
  core?: number;
  /** Flags for bun itself, e.g. --cpu-prof-md. */
  bunFlags?: readonly string[];
}

/** Runs `bun <script> ...args` from the repo root (bounded); its exit code, output and resource usage. */
export async function runBun(script: string, args: string[], options: RunBunOptions = {}) {
  const pin = options.core === undefined ? [] : ["taskset", "-c", String(options.core)];
  const child = Bun.spawn([...pin, "bun", ...(options.bunFlags ?? []), script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    stdin: options.stdin === undefined ? "ignore" : new Blob([options.stdin]),
    stdout: "pipe",
    stderr: "pipe",
    timeout: options.timeoutMs ?? 30_000,
    killSignal: "SIGKILL",
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { exitCode, stdout, stderr, usage: child.resourceUsage() };
}

/** A step config for port, with overrides. */
export function stepConfig(port: number, overrides: Partial<GeneratorStepConfig> = {}): GeneratorStepConfig {
  return {
    kind: "open",
    ratePerSec: 500,
    concurrency: 10,
    durationMs: 1000,
    sloP99Ms: 50,
    rateFromMs: 200,
    rateToMs: 800,
    drainMs: 500,
    timeoutMs: 1000,
    plannedRequests: 500,
    port,
    requests: [{ weight: 1, method: "GET", path: "/", headers: {}, body: null }],
    workload: null,
    flags: {},
    workers: 1,
    ...overrides,
  };
}

export const runStep = (config: unknown, stdin?: string) =>
  runBun("generator/main.ts", [], {
    env: { BC_STEP: typeof config === "string" ? config : JSON.stringify(config) },
    ...(stdin === undefined ? {} : { stdin }),
  });
