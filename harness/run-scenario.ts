import type { z } from "zod";
import { describeFlags, FlagError, parseFlags, USAGE_EXIT_CODE } from "../contract/flags.ts";
import { buildResult } from "./build-result.ts";
import { collectEnvironment } from "./collect-environment.ts";
import { COMMON_FLAGS, type CommonFlags } from "./common-flags.ts";
import { contentionNote } from "./contention-note.ts";
import { EventLoopLagMonitor } from "./event-loop-lag.ts";
import { ModeRunner } from "./mode-runner.ts";
import { runCeilingMode } from "./modes/ceiling-mode.ts";
import { runClosedMode } from "./modes/closed-mode.ts";
import { runStepsMode } from "./modes/steps-mode.ts";
import { keepStdoutForResult, printResult } from "./print-result.ts";
import { ResourceSampler } from "./resource-sampler.ts";
import type { RunOutcome } from "./run-outcome.ts";
import type { Scenario } from "./scenario.ts";
import { StepRecorder } from "./step-recorder.ts";
import { stepSettleMs } from "./step-settle-ms.ts";

/** Parses flags or exits: --help prints the flags (exit 0), a bad flag prints one paragraph (exit 2). */
function flagsOrExit<S extends z.ZodRawShape>(scenario: Scenario<S>, argv: readonly string[]) {
  const shape = { ...COMMON_FLAGS, ...scenario.flags };
  if (argv.includes("--help")) {
    console.error(`${scenario.name}: ${scenario.summary}\nFlags: ${describeFlags(shape)}`);
    process.exit(0);
  }
  try {
    return parseFlags(shape, argv) as z.infer<z.ZodObject<S>> & CommonFlags;
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    console.error(`${scenario.name}: ${error.message} Run with --help to list every flag.`);
    process.exit(USAGE_EXIT_CODE);
  }
}

/** Runs a scenario plug-in end to end and prints its one result line on stdout. */
export async function runScenario<S extends z.ZodRawShape>(
  scenario: Scenario<S>,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  keepStdoutForResult();
  const flags = flagsOrExit(scenario, argv);
  try {
    const environment = collectEnvironment();
    const sampler = new ResourceSampler(flags.sampleMs);
    const lag = new EventLoopLagMonitor();
    sampler.start();
    lag.start();
    const latencyKind = scenario.latency(flags);
    const sloP99Ms = flags.sloP99Ms ?? scenario.defaultSloP99Ms(flags);
    const mode = flags.mode ?? scenario.defaultMode;
    const recorder = new StepRecorder(latencyKind, 1);
    const workload = await scenario.setup(flags, recorder);
    recorder.completionsPerOp = workload.completionsPerOp;
    const settleMs = stepSettleMs(environment.cgroup);
    const runner = new ModeRunner(workload, recorder, flags, sloP99Ms, sampler, settleMs);
    let warmupMs = 0;
    let outcome: RunOutcome;
    if (scenario.run) outcome = await scenario.run(runner, flags);
    else {
      warmupMs = await runner.warmUp();
      if (mode === "closed") outcome = await runClosedMode(runner);
      else if (mode === "ceiling") outcome = await runCeilingMode(runner);
      else outcome = await runStepsMode(runner, flags.rates ?? scenario.defaultRates?.(flags));
    }
    warmupMs = Math.max(warmupMs, runner.warmupMs);
    await workload.close();
    const counts = workload.counts();
    const notes = [...outcome.notes, ...workload.notes()];
    if (counts.lost > 0)
      notes.push(`${counts.lost} expected deliveries never arrived (lost) by the end of the run`);
    const contended = contentionNote(runner.cpuWait);
    if (contended !== null) notes.push(contended);
    if (recorder.lateArrivals > 0) {
      notes.push(
        `${recorder.lateArrivals} completions arrived after their step ended (counted lost in that step)`,
      );
    }
    const result = buildResult({
      scenario: scenario.name,
      parameters: {
        mode: scenario.run ? "custom" : mode,
        sloP99Ms,
        warmupS: flags.warmupS,
        durationS: flags.durationS,
        stepS: flags.stepS,
        inflight: flags.inflight,
        ...scenario.parameters(flags),
        ...workload.measuredParameters?.(),
      },
      warmupMs,
      outcome,
      latencyKind,
      sloP99Ms,
      counts,
      resources: sampler.stop(),
      eventLoopLag: lag.stop(),
      environment,
      notes,
    });
    await printResult(result);
    process.exit(0);
  } catch (error) {
    console.error(`${scenario.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof Error && error.cause) console.error(`cause: ${String(error.cause)}`);
    process.exit(1);
  }
}
