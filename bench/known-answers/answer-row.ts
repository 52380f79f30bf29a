import type { LoadStep } from "../../contract/result.ts";
import { knownAnswer } from "../../examples/known-answers/known-answers.ts";
import type { CellRecord } from "../../runner/results/cell-record.ts";
import { median } from "../../runner/results/statistics.ts";

/** One cell of a known-answer run against its first-principles ceiling. */
export interface AnswerRow {
  cellId: string;
  scenario: string;
  cpus: number;
  status: string;
  repetitions: number;
  /** The cell's median ceiling over every repetition (unconfirmed ones count as 0), or null. */
  ceilingPerSec: number | null;
  expectedPerSec: number;
  formula: string;
  /** ceiling / expected (0 when there is no ceiling). */
  ratio: number;
  /** Median achieved rate of the confirming steps (the steps at the ceiling). */
  achievedPerSec: number | null;
  /** Median process CPU (cores) during the confirming steps. */
  cpuCores: number | null;
  /** Median process CPU (cores) during the closed-loop probe: a CPU-bound cell far under min(cpus, 1) and not
   * throttled was starved by other load on the host, not by its quota. */
  probeCpuCores: number | null;
  /** Median CFS-throttled seconds per repetition (Docker stats). */
  throttledSeconds: number | null;
  /** Every repetition's ceiling is at most what its confirming step achieved. */
  ceilingWithinAchieved: boolean;
  withinTolerance: boolean;
}

/** The step at the ceiling: the last confirmation that passed. */
function confirmingStep(steps: readonly LoadStep[]): LoadStep | undefined {
  return steps.filter((step) => step.phase === "confirm" && step.sloMet).at(-1);
}

export function answerRow(record: CellRecord, tolerance: number): AnswerRow {
  const answer = knownAnswer(record.cell.scenario);
  const expectedPerSec = answer.expectedPerSec({
    cpus: record.cell.cpus,
    memoryBytes: record.cell.memoryBytes,
  });
  const results = record.repetitions.flatMap((rep) => (rep.result ? [rep.result] : []));
  const confirms = results.flatMap((result) => {
    const step = confirmingStep(result.steps);
    return step ? [{ step, ceiling: result.ceiling?.ceilingPerSec ?? null }] : [];
  });
  const ceilingPerSec = record.summary.ceilingPerSec?.median ?? null;
  const ratio = (ceilingPerSec ?? 0) / expectedPerSec;
  const cores = (step: LoadStep) =>
    step.processCpuSeconds == null ? [] : [step.processCpuSeconds / (step.durationMs / 1000)];
  const cpu = confirms.flatMap(({ step }) => cores(step));
  const probes = results.flatMap((result) => result.steps.filter((step) => step.phase === "probe"));
  return {
    cellId: record.cell.id,
    scenario: record.cell.scenario,
    cpus: record.cell.cpus,
    status: record.status,
    repetitions: record.repetitions.length,
    ceilingPerSec,
    expectedPerSec,
    formula: answer.formula,
    ratio,
    achievedPerSec: median(confirms.map(({ step }) => step.achievedPerSec)),
    cpuCores: median(cpu),
    probeCpuCores: median(probes.flatMap(cores)),
    throttledSeconds: median(
      record.repetitions.flatMap((rep) => (rep.stats ? [rep.stats.throttledSeconds] : [])),
    ),
    ceilingWithinAchieved: confirms.every(
      ({ step, ceiling }) => ceiling === null || ceiling <= step.achievedPerSec,
    ),
    withinTolerance: ceilingPerSec !== null && Math.abs(ratio - 1) <= tolerance,
  };
}
