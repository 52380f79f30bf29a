import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";
import { rateText } from "../units/units.ts";
import type { CellSizing } from "./cell-sizing.ts";
import type { SizePick } from "./sizing-report.ts";

/** Room above the requests in flight at the ceiling, for bursts. */
export const CONCURRENCY_HEADROOM = 0.2;

/**
 * Little's law: requests in flight L = throughput λ × time in system W. With W the p99 latency at the ceiling, L is
 * an upper bound of what the ceiling needs; the recommendation is ceil(L × (1 + headroom)), within Cloud Run's
 * --concurrency range and never above `measured`, the most the generator ever kept in flight (the ceiling was reached with it;
 * more is untested).
 */
export function recommendConcurrency(ceilingPerSec: number, latencyMs: number, measured: number): number {
  const inFlight = ceilingPerSec * (latencyMs / 1000);
  const recommended = Math.ceil(inFlight * (1 + CONCURRENCY_HEADROOM));
  return Math.min(
    CLOUD_RUN_LIMITS.maxConcurrency,
    measured,
    Math.max(CLOUD_RUN_LIMITS.minConcurrency, recommended),
  );
}

/** Server mode: what concurrency the recommended size needs, next to the one it was measured with. */
export function concurrencyFindings(cells: CellSizing[], pick: SizePick | null): string[] {
  const cell = cells.find((c) => c.cellId === pick?.cellId);
  const measured = cell?.concurrency;
  if (!cell || typeof measured !== "number" || cell.p99AtCeilingMs === null || !cell.ceilingPerSec) return [];
  // Below 1 vCPU Cloud Run allows concurrency 1 only (deployability.ts): there is nothing to choose.
  if (cell.cpus < 1) return [];
  const ceiling = cell.planningCeilingPerSec ?? cell.ceilingPerSec.median;
  const inFlight = ceiling * (cell.p99AtCeilingMs / 1000);
  const recommended = recommendConcurrency(ceiling, cell.p99AtCeilingMs, measured);
  const why =
    `at its ceiling of ${rateText(ceiling, cell.rateUnit ?? "req/s")} with ${cell.latencyKind ? `${cell.latencyKind} ` : ""}p99 ` +
    `${cell.p99AtCeilingMs.toFixed(0)} ms, requests in flight are at most about ${inFlight.toFixed(1)}`;
  const advice =
    recommended < measured
      ? `set --concurrency ${recommended} (+${CONCURRENCY_HEADROOM * 100}% headroom; measured with ${measured})`
      : `the ceiling was reached with no more than ${measured} in flight, so keep --concurrency ${measured}; a higher ` +
        "one is untested (add it to axes.concurrency to measure it)";
  return [
    `Concurrency (Little's law): ${why}; ${advice}. Request-based billing counts each of these requests.`,
  ];
}
