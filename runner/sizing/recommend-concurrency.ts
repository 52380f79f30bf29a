import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";
import { rateText } from "../units/units.ts";
import type { CellSizing } from "./cell-sizing.ts";
import type { ConcurrencyAnswer } from "./concurrency-answer.ts";
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
  if (cell?.concurrencySearch) return [searchedConcurrency(cell, cell.concurrencySearch)];
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

/** The concurrency search's answer in words: what each concurrency held, where it stopped, what to set. */
function searchedConcurrency(cell: CellSizing, answer: ConcurrencyAnswer): string {
  const unit = cell.rateUnit ?? "req/s";
  const [axis, ...rest] = answer.trials;
  if (!axis) return "";
  const held = (t: ConcurrencyAnswer["trials"][number]) =>
    t.ceilingPerSec === null
      ? `${t.concurrency}: no ceiling`
      : `${t.concurrency}: ${rateText(t.ceilingPerSec, unit)}${t.instances === null ? "" : `, ${t.instances} instance(s) by the ${t.driver} rule`}${t.doubt ? " (not the service's)" : ""}`;
  const cpuShare =
    axis.cpuCoresAtCeiling === null
      ? ""
      : `, CPU ${Math.round((axis.cpuCoresAtCeiling / cell.cpus) * 100)}% of its quota`;
  const chosen = answer.trials.find((t) => t.concurrency === answer.recommended);
  const littles =
    chosen?.ceilingPerSec && chosen.inFlightAtCeiling !== null
      ? `; Little's law there: ${rateText(chosen.ceilingPerSec, unit)} × ${((chosen.inFlightAtCeiling / chosen.ceilingPerSec) * 1000).toFixed(1)} ms ≈ ${chosen.inFlightAtCeiling.toFixed(0)} in flight`
      : "";
  const advice =
    answer.recommended === null
      ? `no higher concurrency held, so keep --concurrency ${axis.concurrency}`
      : `set --concurrency ${answer.recommended} (measured${answer.cpuBinds ? ": the CPU rule binds there at the target" : ": the highest the service held under its CPU quota; CPU still does not bind"})${littles}`;
  return (
    `Concurrency (measured by the concurrency search): at ${axis.concurrency} the cap set the ceiling ` +
    `(${axis.inFlightAtCeiling?.toFixed(0) ?? "?"} in flight${cpuShare}); ${[axis, ...rest].map(held).join("; ")}; ` +
    `stopped: ${answer.note}. ${advice.charAt(0).toUpperCase()}${advice.slice(1)}.`
  );
}
