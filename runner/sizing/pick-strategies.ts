import type { CellSizing, Strategy } from "./sizing-report.ts";

export interface Picked {
  cheapest: CellSizing | null;
  fastest: CellSizing | null;
  balanced: CellSizing | null;
}

const cost = (c: CellSizing) => c.costPerHourUsd as number;
const p99 = (c: CellSizing) => c.p99AtCeilingMs as number;

function normaliser(values: number[]): (v: number) => number {
  const min = Math.min(...values);
  const span = Math.max(...values) - min;
  return (v) => (span === 0 ? 0 : (v - min) / span);
}

const by =
  (...keys: Array<(c: CellSizing) => number>) =>
  (a: CellSizing, b: CellSizing) => {
    for (const key of keys) {
      const d = key(a) - key(b);
      if (d !== 0) return d;
    }
    return a.cellId.localeCompare(b.cellId);
  };

/**
 * Like AWS Lambda Power Tuning: cheapest (cost per hour), fastest (p99 at the ceiling), balanced
 * (costWeight × normalised cost + (1 − costWeight) × normalised p99, min-max over eligible cells).
 */
export function pickStrategies(cells: CellSizing[], costWeight: number): Picked {
  const eligible = cells.filter((c) => c.eligible && c.costPerHourUsd !== null && c.p99AtCeilingMs !== null);
  if (eligible.length === 0) return { cheapest: null, fastest: null, balanced: null };
  const normCost = normaliser(eligible.map(cost));
  const normP99 = normaliser(eligible.map(p99));
  const score = (c: CellSizing) => costWeight * normCost(cost(c)) + (1 - costWeight) * normP99(p99(c));
  const first = (sorter: (a: CellSizing, b: CellSizing) => number) => [...eligible].sort(sorter)[0] ?? null;
  return {
    cheapest: first(by(cost, p99)),
    fastest: first(by(p99, cost)),
    balanced: first(by(score, cost, p99)),
  };
}

export const STRATEGY_LABELS: Record<Strategy, string> = {
  cheapest: "cheapest (lowest cost per hour at the target)",
  fastest: "fastest (lowest p99 at the ceiling)",
  balanced: "balanced (weighted cost and p99)",
};
