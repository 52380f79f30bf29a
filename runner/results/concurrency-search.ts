import { z } from "zod";
import type { LoadStep } from "../../contract/result.ts";

/**
 * The concurrency search: for a size whose ceiling the concurrency cap set (the service under 80% of its CPU quota
 * at the ceiling, requests in flight at the cap), the ceiling is searched again at double the concurrency, and
 * again, until it grows less than 5%, p99 breaks (no ceiling), or 1,000 (Cloud Run's most) is reached.
 */
export const CONCURRENCY_SEARCH = {
  /** The service used less than this share of its CPU quota at the ceiling. */
  maxCpuShare: 0.8,
  /** Requests in flight at the ceiling were at least this share of the concurrency: the cap set the ceiling. */
  capShare: 0.8,
  /** A doubling that raises the ceiling less than this stops the search. */
  minGrowth: 0.05,
  maxConcurrency: 1000,
} as const;

/** One concurrency tried: its ceiling and the figures at it (null: no ceiling). */
export const ConcurrencyTrial = z
  .object({
    concurrency: z.number().int().positive(),
    ceilingPerSec: z.number().nullable(),
    p99AtCeilingMs: z.number().nullable(),
    cpuCoresAtCeiling: z.number().nullable().describe("the service's CPU at the ceiling"),
    inFlightAtCeiling: z.number().nullable().describe("Little's law at the ceiling: rate × mean latency"),
    steps: z.number().int().nonnegative(),
    doubt: z.string().nullable().describe("why the generator or the host, not the service, set this ceiling"),
  })
  .strict();
export type ConcurrencyTrial = z.infer<typeof ConcurrencyTrial>;

export const ConcurrencyStop = z.enum(["growth", "p99", "max", "not-service", "failed"]);
export type ConcurrencyStop = z.infer<typeof ConcurrencyStop>;

/** What a repetition's concurrency search found; the first trial is the axis' own concurrency (its search). */
export const ConcurrencySearchRecord = z
  .object({
    trials: z.array(ConcurrencyTrial).min(1),
    stoppedBecause: ConcurrencyStop,
    note: z.string().describe("why it stopped, in words"),
  })
  .strict();
export type ConcurrencySearchRecord = z.infer<typeof ConcurrencySearchRecord>;

/** The figures of a search at one concurrency, from its confirming step. */
export function trialOf(
  concurrency: number,
  ceilingPerSec: number | null,
  confirm: LoadStep | null,
  steps: number,
  doubt: string | null,
): ConcurrencyTrial {
  const seconds = (confirm?.durationMs ?? 0) / 1000;
  const meanMs = confirm ? (confirm.operationMeanMs ?? confirm.latency.p50Ms) : null;
  return {
    concurrency,
    ceilingPerSec,
    p99AtCeilingMs: confirm?.latency.p99Ms ?? null,
    cpuCoresAtCeiling:
      confirm && typeof confirm.processCpuSeconds === "number" && seconds > 0
        ? confirm.processCpuSeconds / seconds
        : null,
    inFlightAtCeiling: confirm && meanMs !== null ? confirm.achievedPerSec * (meanMs / 1000) : null,
    steps,
    doubt,
  };
}

/** Whether the cap, not the CPU, set this ceiling: the search is worth running (never below 1 vCPU: concurrency 1). */
export function capSetCeiling(trial: ConcurrencyTrial, cpus: number): boolean {
  if (cpus < 1 || trial.ceilingPerSec === null || trial.doubt !== null) return false;
  if (trial.concurrency >= CONCURRENCY_SEARCH.maxConcurrency) return false;
  if (trial.cpuCoresAtCeiling === null || trial.inFlightAtCeiling === null) return false;
  return (
    trial.cpuCoresAtCeiling < CONCURRENCY_SEARCH.maxCpuShare * cpus &&
    trial.inFlightAtCeiling >= CONCURRENCY_SEARCH.capShare * trial.concurrency
  );
}

/** The next concurrency to try after `trials`, or why to stop (with the words the report prints). */
export function nextConcurrency(
  trials: readonly ConcurrencyTrial[],
): { next: number } | { stop: ConcurrencyStop; note: string } {
  const last = trials.at(-1) as ConcurrencyTrial;
  const before = trials.at(-2);
  if (before) {
    if (last.doubt !== null)
      return { stop: "not-service", note: `at ${last.concurrency} ${last.doubt}: the search stops there` };
    if (last.ceilingPerSec === null)
      return { stop: "p99", note: `at ${last.concurrency} no load met the SLO: p99 breaks` };
    const growth = last.ceilingPerSec / (before.ceilingPerSec ?? last.ceilingPerSec) - 1;
    if (growth < CONCURRENCY_SEARCH.minGrowth)
      return {
        stop: "growth",
        note: `from ${before.concurrency} to ${last.concurrency} the ceiling grew ${(growth * 100).toFixed(1)}%, under ${CONCURRENCY_SEARCH.minGrowth * 100}%`,
      };
  }
  if (last.concurrency >= CONCURRENCY_SEARCH.maxConcurrency)
    return { stop: "max", note: `${CONCURRENCY_SEARCH.maxConcurrency}, Cloud Run's most, was reached` };
  return { next: Math.min(CONCURRENCY_SEARCH.maxConcurrency, last.concurrency * 2) };
}
