import { z } from "zod";
import { FixedSummary, type GeneratorStepConfig } from "../../contract/generator-step.ts";
import type { FixedWorkload } from "../api/workload.ts";
import type { WorkloadSource } from "../load/load-workload.ts";
import { parseFlags } from "../load/parse-flags.ts";
import { END_SLACK_MS, within } from "./pace-plan.ts";
import { workloadContext } from "./workload-context.ts";

/** Runs a fixed-shape workload once, in this thread, bounded like a paced step; its report as the summary line. */
export async function runFixedStep(
  config: GeneratorStepConfig,
  source: WorkloadSource,
  workload: FixedWorkload,
): Promise<FixedSummary> {
  const context = workloadContext(
    config,
    parseFlags(workload, config.flags, `workload ${source.name}`),
    0,
    1,
  );
  const boundMs = config.durationMs + config.drainMs + config.timeoutMs + 2 * END_SLACK_MS;
  const report = await within(workload.run(context), boundMs, `workload ${source.name} run()`);
  if (
    typeof report !== "object" ||
    report === null ||
    typeof report.window !== "object" ||
    report.window === null
  ) {
    throw new Error(`workload ${source.name}: run() returned ${JSON.stringify(report)}, not a report`);
  }
  const summary = FixedSummary.safeParse({
    bcFixedSummary: 1,
    workload: source.name,
    figures: report.figures,
    failures: report.failures,
    connectionsRequested: report.connectionsRequested ?? null,
    window: {
      startMs: report.window.startMs,
      holdStartMs: report.window.holdStartMs ?? null,
      holdEndMs: report.window.holdEndMs ?? null,
    },
    ...(report.timelines === undefined ? {} : { timelines: report.timelines }),
  });
  if (summary.success) return summary.data;
  const problems = z.prettifyError(summary.error).replaceAll("\n", " ");
  throw new Error(`workload ${source.name}: run() returned a report that does not fit: ${problems}`);
}
