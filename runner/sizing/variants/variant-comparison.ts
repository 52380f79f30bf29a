import type { CellSizing } from "../cell-sizing.ts";
import { compareCells } from "./compare-cells.ts";
import type { VariantComparison } from "./comparison-row.ts";
import { NOISE_RULE } from "./noise-rule.ts";

/**
 * A run's variants compared cell by cell: the first variant (plan order, else by name) against each other one.
 * null when the run has fewer than two variants.
 */
export function variantComparison(cells: CellSizing[], order: string[] = []): VariantComparison | null {
  const found = [...new Set(cells.flatMap((c) => (c.variant === undefined ? [] : [c.variant])))];
  const names = [
    ...order.filter((n) => found.includes(n)),
    ...found.filter((n) => !order.includes(n)).sort(),
  ];
  const [baseline, ...others] = names;
  if (baseline === undefined || others.length === 0) return null;
  const of = (name: string) => cells.filter((c) => c.variant === name);
  const bunVersion = (name: string) => {
    const versions = [...new Set(of(name).flatMap((c) => (c.bunVersion ? [c.bunVersion] : [])))];
    return versions.length ? versions.join(", ") : null;
  };
  return {
    rule: NOISE_RULE,
    baseline,
    variants: names.map((name) => ({ name, bunVersion: bunVersion(name) })),
    pairs: others.map((name) => ({
      a: baseline,
      b: name,
      rows: compareCells(of(baseline), of(name), { matchVariant: false }),
    })),
  };
}
