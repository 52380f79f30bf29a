import type { BenchResult, LoadStep } from "../../contract/result.ts";
import type { CellRecord, Repetition, Spread } from "../results/cell-record.ts";
import { spread } from "../results/spread.ts";

/** A spread whose CV is above this is noisy (matches CellSummary.noisy). */
export const NOISY_CV = 0.1;

export interface LatencyAtCeiling {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

/** The figures sizing needs from one finished cell, reduced over its repetitions. */
export interface CellMeasurements {
  okResults: BenchResult[];
  ceilingPerSec: Spread | null;
  latencyAtCeiling: LatencyAtCeiling | null;
  peakMemoryBytes: number | null;
  throttledSeconds: number | null;
  oomRepetitions: number;
  gcThrashRepetitions: number;
  noisy: boolean;
  searchSeconds: number;
  exhaustiveSweepSeconds: number;
}

const MIN_ACHIEVED_SHARE = 0.95;

// The same pass rule as the in-container search; the closed-loop probe is an estimate, never a passing step.
const meetsSlo = (step: LoadStep, sloP99Ms: number) =>
  step.phase !== "probe" &&
  step.latency.p99Ms <= sloP99Ms &&
  step.errors === 0 &&
  step.lost === 0 &&
  step.achievedPerSec >= step.offeredPerSec * MIN_ACHIEVED_SHARE;

/** Highest offered rate whose step met `sloP99Ms`; null when none did. */
export function ceilingFromSteps(steps: LoadStep[], sloP99Ms: number): number | null {
  const passing = steps.filter((step) => meetsSlo(step, sloP99Ms)).map((step) => step.offeredPerSec);
  return passing.length === 0 ? null : Math.max(...passing);
}

/** The passing step closest below `ceilingPerSec`: the latency a user sees at the ceiling. */
function stepAtCeiling(steps: LoadStep[], ceilingPerSec: number, sloP99Ms: number): LoadStep | null {
  const candidates = steps.filter(
    (s) => s.offeredPerSec <= ceilingPerSec * 1.000001 && meetsSlo(s, sloP99Ms),
  );
  const best = candidates.sort((a, b) => b.offeredPerSec - a.offeredPerSec)[0];
  return best ?? null;
}

const peakOf = (rep: Repetition): number | null =>
  rep.result?.resources.cgroupMemoryPeakBytes ??
  rep.stats?.peakMemoryBytes ??
  rep.result?.resources.peakRssBytes ??
  null;

const median = (values: number[]) => spread(values)?.median ?? null;

/** Reduces a cell's repetitions; `sloOverrideMs` recomputes ceilings from the steps under another SLO. */
export function measureCell(record: CellRecord, sloOverrideMs?: number): CellMeasurements {
  const okReps = record.repetitions.filter((rep) => rep.status === "ok" && rep.result !== null);
  const okResults = okReps.map((rep) => rep.result as BenchResult);
  const sloP99Ms = sloOverrideMs ?? record.cell.sloP99Ms;
  const ceilings = okResults.map((r) =>
    sloOverrideMs === undefined
      ? (r.ceiling?.ceilingPerSec ?? null)
      : ceilingFromSteps(r.steps, sloOverrideMs),
  );
  const measured = ceilings.filter((c): c is number => c !== null);
  const ceilingPerSec =
    sloOverrideMs === undefined && record.summary.ceilingPerSec
      ? record.summary.ceilingPerSec
      : spread(measured);
  const atCeiling = okResults
    .map((r, i) => (ceilings[i] == null ? null : stepAtCeiling(r.steps, ceilings[i] as number, sloP99Ms)))
    .filter((s): s is LoadStep => s !== null);
  const latencyAtCeiling =
    atCeiling.length === 0
      ? null
      : {
          p50Ms: median(atCeiling.map((s) => s.latency.p50Ms)) as number,
          p95Ms: median(atCeiling.map((s) => s.latency.p95Ms)) as number,
          p99Ms: median(atCeiling.map((s) => s.latency.p99Ms)) as number,
        };
  const peakReps = okReps.length > 0 ? okReps : record.repetitions;
  const peaks = peakReps.map(peakOf).filter((p): p is number => p !== null);
  const throttled = okReps
    .map((rep) => rep.result?.resources.cpuThrottledSeconds ?? rep.stats?.throttledSeconds ?? null)
    .filter((t): t is number => t !== null);
  const searches = okResults.flatMap((r) => (r.ceiling ? [r.ceiling] : []));
  return {
    okResults,
    ceilingPerSec,
    latencyAtCeiling,
    peakMemoryBytes: peaks.length === 0 ? null : Math.max(...peaks),
    throttledSeconds: median(throttled),
    oomRepetitions: record.repetitions.filter((rep) => rep.status === "oom").length,
    gcThrashRepetitions: record.repetitions.filter((rep) => rep.status === "gc-thrash").length,
    noisy: record.summary.noisy || (ceilingPerSec !== null && ceilingPerSec.cv > NOISY_CV),
    searchSeconds: searches.reduce((sum, c) => sum + c.searchSeconds, 0),
    exhaustiveSweepSeconds: searches.reduce((sum, c) => sum + c.exhaustiveSweepSeconds, 0),
  };
}
