import { join } from "node:path";
import { z } from "zod";
import { FixedSummary } from "../../../contract/generator-step.ts";
import type { FixedWorkload, StepInfo } from "../../../generator/api/workload.ts";

const ROOT = join(import.meta.dir, "../../..");

export interface FixedRun {
  summary: FixedSummary;
  /** What the workload logged (ctx.log). */
  log: string[];
}

/** The step a fixed-shape cell hands the generator: closed, one worker, the module and its flags. */
export function fixedStep(port: number, module: string, flags: Record<string, string | number | boolean>) {
  return {
    kind: "closed" as const,
    ratePerSec: null,
    concurrency: 80,
    durationMs: 20_000,
    sloP99Ms: 100,
    rateFromMs: null,
    rateToMs: null,
    drainMs: 1000,
    timeoutMs: 1000,
    plannedRequests: null,
    port,
    requests: [],
    workload: join(ROOT, "generator/workloads", `${module}.ts`),
    flags,
    workers: 1,
  };
}

/**
 * Runs a fixed-shape module's run(ctx) in this process as generator/main.ts would (flags parsed by its declared
 * fields, defaults applied) and builds its FixedSummary line the way the generator prints it.
 */
export async function runFixedModule(
  port: number,
  module: string,
  flags: Record<string, string | number | boolean>,
): Promise<FixedRun> {
  const step = fixedStep(port, module, flags);
  const workload = (await import(step.workload)).default as FixedWorkload;
  const parsedFlags = z.strictObject(workload.flags?.(z) ?? {}).parse(flags);
  const info: StepInfo = {
    kind: step.kind,
    ratePerSec: null,
    concurrency: step.concurrency,
    durationMs: step.durationMs,
    sloP99Ms: step.sloP99Ms,
    timeoutMs: step.timeoutMs,
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    worker: 0,
    workers: 1,
  };
  const log: string[] = [];
  const report = await workload.run({
    step: info,
    flags: parsedFlags,
    now: () => performance.now(),
    log: (l) => log.push(l),
  });
  const summary = FixedSummary.parse({
    bcFixedSummary: 1,
    workload: module,
    figures: report.figures,
    failures: report.failures,
    connectionsRequested: report.connectionsRequested ?? null,
    window: {
      startMs: report.window.startMs,
      holdStartMs: report.window.holdStartMs ?? null,
      holdEndMs: report.window.holdEndMs ?? null,
    },
    ...(report.timelines ? { timelines: report.timelines } : {}),
  });
  return { summary, log };
}
