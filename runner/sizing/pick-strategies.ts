import type { BillingMode } from "../cloudrun/pricing.ts";
import type { CellSizing } from "./cell-sizing.ts";
import type { Strategy } from "./sizing-report.ts";

/** One way to deploy: a measured size under one billing mode, priced at the target. */
export interface DeployOption {
  cell: CellSizing;
  billing: BillingMode;
  costPerHourUsd: number;
}

export interface Picked {
  cheapest: DeployOption | null;
  fastest: DeployOption | null;
  balanced: DeployOption | null;
}

const cost = (o: DeployOption) => o.costPerHourUsd;
const p99 = (o: DeployOption) => o.cell.p99AtCeilingMs as number;

function normaliser(values: number[]): (v: number) => number {
  const min = Math.min(...values);
  const span = Math.max(...values) - min;
  return (v) => (span === 0 ? 0 : (v - min) / span);
}

const by =
  (...keys: Array<(o: DeployOption) => number>) =>
  (a: DeployOption, b: DeployOption) => {
    for (const key of keys) {
      const d = key(a) - key(b);
      if (d !== 0) return d;
    }
    return a.cell.cellId.localeCompare(b.cell.cellId) || a.billing.localeCompare(b.billing);
  };

/**
 * Every eligible cell under the billing mode that prices it lowest. Its other mode has the same p99 at a higher
 * cost, so no strategy could pick it; left in, it would only stretch the balanced score's cost range.
 */
export function deployOptions(cells: CellSizing[]): DeployOption[] {
  return cells
    .filter((c) => c.eligible && c.costPerHourUsd !== null && c.p99AtCeilingMs !== null)
    .flatMap((cell) => {
      const byBilling = cell.costPerHourUsdByBilling ?? { request: cell.costPerHourUsd, instance: null };
      const priced = (Object.entries(byBilling) as Array<[BillingMode, number | null]>).flatMap(
        ([billing, usd]) => (usd === null ? [] : [{ cell, billing, costPerHourUsd: usd }]),
      );
      return priced.sort((a, b) => a.costPerHourUsd - b.costPerHourUsd).slice(0, 1);
    });
}

/**
 * Like AWS Lambda Power Tuning, over sizes and billing modes together: cheapest (cost per hour), fastest (p99 at
 * the ceiling, then cost), balanced (costWeight × normalised cost + (1 − costWeight) × normalised p99, min-max over
 * the options).
 */
export function pickStrategies(cells: CellSizing[], costWeight: number): Picked {
  const options = deployOptions(cells);
  if (options.length === 0) return { cheapest: null, fastest: null, balanced: null };
  const normCost = normaliser(options.map(cost));
  const normP99 = normaliser(options.map(p99));
  const score = (o: DeployOption) => costWeight * normCost(cost(o)) + (1 - costWeight) * normP99(p99(o));
  const first = (sorter: (a: DeployOption, b: DeployOption) => number) =>
    [...options].sort(sorter)[0] ?? null;
  return {
    cheapest: first(by(cost, p99)),
    fastest: first(by(p99, cost)),
    balanced: first(by(score, cost, p99)),
  };
}

export const STRATEGY_LABELS: Record<Strategy, string> = {
  cheapest: "cheapest (lowest cost per hour at the target, either billing mode)",
  fastest: "fastest (lowest p99 at the ceiling)",
  balanced: "balanced (weighted cost and p99)",
};
