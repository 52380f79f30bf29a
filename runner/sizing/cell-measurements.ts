import type { BenchResult, LoadStep } from "../../contract/result.ts";
import { type CellRecord, peakMemoryOf, type Spread } from "../results/cell-record.ts";
import { ceilingStatistics, median, NOISY_CV } from "../results/statistics.ts";
import {
  type CoresAtCeiling,
  type CpuEvidence,
  coresAtCeiling,
  stepAtCeiling,
} from "../results/step-at-ceiling.ts";
import { type PlanningCeiling, planningCeiling } from "./planning-ceiling.ts";

export interface LatencyAtCeiling {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

/** The figures sizing needs from one finished cell, reduced over its repetitions. */
export interface CellMeasurements {
  okResults: BenchResult[];
  /** Over every repetition that searched; an unconfirmed one counts as 0/s. */
  ceilingPerSec: Spread | null;
  unconfirmedRepetitions: number;
  /** Ceiling CV over 5% or some repetitions unconfirmed: the cell is wide and planned on its lowest repetition. */
  disagrees: boolean;
  /** The conservative figure sizing plans with, and the spread beside it. */
  planning: PlanningCeiling;
  latencyAtCeiling: LatencyAtCeiling | null;
  /** Median over repetitions of the CPU cores busy at the ceiling, and where that figure came from. */
  cpuCoresAtCeiling: number | null;
  cpuEvidence: CpuEvidence | null;
  peakMemoryBytes: number | null;
  throttledSeconds: number | null;
  oomRepetitions: number;
  gcThrashRepetitions: number;
  /** Kept repetitions the host's other load still disturbed after their re-run. */
  contendedRepetitions: number;
  /** Repetitions whose service or host slowed during the search: set aside, never planned on. */
  driftedRepetitions: number;
  noisy: boolean;
  searchSeconds: number;
  exhaustiveSweepSeconds: number;
}

/**
 * Reduces a cell's repetitions; `sloOverrideMs` judges the confirmation steps again under another SLO. Always
 * recomputed from the repetitions (never the stored summary), so records from older runs get the same rules.
 */
export function measureCell(record: CellRecord, sloOverrideMs?: number): CellMeasurements {
  const okReps = record.repetitions.filter((rep) => rep.status === "ok" && rep.result !== null);
  const okResults = okReps.map((rep) => rep.result as BenchResult);
  const at = okResults.map((r) => stepAtCeiling(r, sloOverrideMs));
  const ceilings = at.map((a) => (a === null ? undefined : a.ceilingPerSec));
  const stats = ceilingStatistics(ceilings);
  const atCeiling = at.map((a) => a?.step ?? null).filter((s): s is LoadStep => s !== null);
  const latencyAtCeiling =
    atCeiling.length === 0
      ? null
      : {
          p50Ms: median(atCeiling.map((s) => s.latency.p50Ms)) as number,
          p95Ms: median(atCeiling.map((s) => s.latency.p95Ms)) as number,
          p99Ms: median(atCeiling.map((s) => s.latency.p99Ms)) as number,
        };
  const cpu = okReps
    .map((rep, i) => (at[i]?.step ? coresAtCeiling(at[i]?.step ?? null, rep.stats) : null))
    .filter((c): c is CoresAtCeiling => c !== null);
  const cpuFromSteps = cpu.filter((c) => c.source === "step");
  const cpuUsed = cpuFromSteps.length > 0 ? cpuFromSteps : cpu;
  const peakReps = okReps.length > 0 ? okReps : record.repetitions;
  const peaks = peakReps.map(peakMemoryOf).filter((p): p is number => p !== null);
  const throttled = okReps
    .map((rep) => rep.result?.resources.cpuThrottledSeconds ?? rep.stats?.throttledSeconds ?? null)
    .filter((t): t is number => t !== null);
  const searches = okResults.flatMap((r) => (r.ceiling ? [r.ceiling] : []));
  const ceilingNoisy = stats.ceilingPerSec !== null && stats.ceilingPerSec.cv > NOISY_CV;
  return {
    okResults,
    ceilingPerSec: stats.ceilingPerSec,
    unconfirmedRepetitions: stats.unconfirmedRepetitions,
    disagrees: stats.disagrees,
    planning: planningCeiling(ceilings),
    latencyAtCeiling,
    cpuCoresAtCeiling: median(cpuUsed.map((c) => c.cores)),
    cpuEvidence: cpuUsed[0]?.source ?? null,
    peakMemoryBytes: peaks.length === 0 ? null : Math.max(...peaks),
    throttledSeconds: median(throttled),
    oomRepetitions: record.repetitions.filter((rep) => rep.status === "oom").length,
    gcThrashRepetitions: record.repetitions.filter((rep) => rep.status === "gc-thrash").length,
    contendedRepetitions: record.repetitions.filter((rep) => rep.contended === true).length,
    driftedRepetitions: record.repetitions.filter((rep) => rep.status === "drifted").length,
    noisy: record.summary.noisy || ceilingNoisy || stats.disagrees,
    searchSeconds: searches.reduce((sum, c) => sum + c.searchSeconds, 0),
    exhaustiveSweepSeconds: searches.reduce((sum, c) => sum + c.exhaustiveSweepSeconds, 0),
  };
}
