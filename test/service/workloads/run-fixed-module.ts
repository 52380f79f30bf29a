import { join } from "node:path";
import type { FixedSummary, GeneratorStepConfig } from "../../../contract/generator-step.ts";
import { parseFixedSummary } from "../../../runner/load/fixed-summary.ts";
import { repoRoot, runBun } from "../../generator/run-generator.ts";

/** The generator bounds a fixed run by durationMs + drainMs + timeoutMs + slack; the test waits a little longer. */
const EXIT_SLACK_MS = 10_000;

export interface FixedRun {
  summary: FixedSummary;
  stderr: string;
}

/** The step a fixed-shape cell hands the generator: closed, one worker, the bundled module and its flags. */
export function fixedStep(
  port: number,
  module: string,
  flags: Record<string, string | number | boolean>,
  durationMs: number,
): GeneratorStepConfig {
  return {
    kind: "closed",
    ratePerSec: null,
    concurrency: 80,
    durationMs,
    sloP99Ms: 100,
    rateFromMs: null,
    rateToMs: null,
    drainMs: 1000,
    timeoutMs: 1000,
    plannedRequests: null,
    port,
    requests: [],
    workload: join(repoRoot, "service/workloads", `${module}.ts`),
    flags,
    workers: 1,
  };
}

/** `bun generator/main.ts` with `step` in BC_STEP, as the generator image runs it; killed if it outlives its bound. */
export async function runGenerator(step: GeneratorStepConfig) {
  const { exitCode, stdout, stderr } = await runBun("generator/main.ts", [], {
    env: { BC_STEP: JSON.stringify(step) },
    timeoutMs: step.durationMs + EXIT_SLACK_MS,
  });
  return { exit: exitCode, stdout, stderr };
}

/**
 * Runs a fixed-shape workload module through the generator and reads its summary line with the runner's own parser
 * (a known workload's figures by its schema).
 */
export async function runFixedModule(
  port: number,
  module: string,
  flags: Record<string, string | number | boolean>,
  durationMs = 20_000,
): Promise<FixedRun> {
  const { exit, stdout, stderr } = await runGenerator(fixedStep(port, module, flags, durationMs));
  if (exit !== 0) throw new Error(`bun generator/main.ts exited ${exit}: ${stderr}${stdout}`);
  return { summary: parseFixedSummary(stdout, stderr), stderr };
}
