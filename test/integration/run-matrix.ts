import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseRunArgs } from "../../runner/cli/parse-run-args.ts";
import { loadMatrix } from "../../runner/config/load-matrix.ts";
import { runPlan } from "../../runner/execute/run-plan.ts";
import { localHostFacts, type Plan } from "../../runner/plan/plan.ts";
import { planRun } from "../../runner/plan/plan-run.ts";
import type { RunRecord } from "../../runner/results/run-record.ts";
import { RecordingObserver } from "../runner/execute/recording-observer.ts";
import { docker, OFFLINE_ENV } from "./integration-image.ts";

export interface MatrixRun {
  plan: Plan;
  record: RunRecord;
  runDir: string;
  observer: RecordingObserver;
}

/**
 * Writes a matrix (YAML lines) into dir and runs it load -> plan -> run, as `bun runner/matrix.ts <args>` does;
 * throws unless the run completed. `checkPlan` sees the plan before any container starts.
 */
export async function runMatrix(
  dir: string,
  lines: string[],
  options: { file?: string; args?: string[]; checkPlan?: (plan: Plan) => void; hostProbe?: boolean } = {},
): Promise<MatrixRun> {
  const matrixPath = join(dir, options.file ?? "matrix.yaml");
  await writeFile(matrixPath, lines.join("\n"));
  const plan = planRun(
    loadMatrix(matrixPath),
    parseRunArgs([matrixPath, ...(options.args ?? [])]),
    localHostFacts(),
  );
  options.checkPlan?.(plan);
  const observer = new RecordingObserver();
  // The host probe (about 10 s a run) only where a test asks for it: CI's time budget is tight.
  const hostProbe = options.hostProbe ?? false;
  const record = await runPlan(plan, { docker, resultsDir: dir, observer, env: OFFLINE_ENV, hostProbe });
  if (process.env.IT_TIMING) printTimings(observer);
  if (record.state !== "complete")
    throw new Error(`run ended ${record.state}: ${observer.messages.join("; ")}`);
  return { plan, record, runDir: join(dir, record.runId), observer };
}

/** IT_TIMING=1: each repetition's wall time and steps on stderr, to see where an integration test's time goes. */
function printTimings(observer: RecordingObserver): void {
  for (const cell of observer.finished)
    for (const repetition of cell.repetitions) {
      const steps = (repetition.result?.steps ?? []).map((s) => `${s.phase}:${Math.round(s.offeredPerSec)}`);
      const wall = repetition.wallSeconds.toFixed(1);
      console.error(
        `${cell.cell.id} rep ${repetition.index + 1}: ${repetition.status}, ${wall} s, ${steps.join(" ")}`,
      );
    }
}
