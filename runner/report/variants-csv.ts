import type { ComparedSide, VariantComparison } from "../sizing/variant-comparison.ts";

const num = (n: number | null | undefined, digits = 3) =>
  n === null || n === undefined ? "" : String(Number(n.toFixed(digits)));
const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const sideColumns = (s: ComparedSide | null) => [
  s?.variant ?? "",
  s?.bunVersion ?? "",
  s?.cellId ?? "",
  s?.status ?? "absent",
  num(s?.ceilingPerSec?.median, 1),
  num(s?.ceilingPerSec?.min, 1),
  num(s?.ceilingPerSec?.max, 1),
  num(s?.ceilingPerSec?.cv, 4),
  s ? String(s.repetitions) : "",
  num(s?.p99AtCeilingMs),
  num(
    s?.peakMemoryBytes === null || s?.peakMemoryBytes === undefined ? null : s.peakMemoryBytes / 2 ** 20,
    1,
  ),
];
const SIDE = [
  "variant",
  "bun_version",
  "cell_id",
  "status",
  "ceiling_per_sec",
  "ceiling_min_per_sec",
  "ceiling_max_per_sec",
  "ceiling_cv",
  "repetitions",
  "p99_at_ceiling_ms",
  "peak_memory_mib",
];

/** variants.csv: one row per compared cell and pair of variants (A the baseline), RFC 4180 quoting. */
export function variantsCsv(comparison: VariantComparison): string {
  const header = [
    "scenario",
    "cpus",
    "memory_mib",
    "smol",
    "concurrency",
    ...SIDE.map((c) => `a_${c}`),
    ...SIDE.map((c) => `b_${c}`),
    "ceiling_ratio_b_to_a",
    "verdict",
    "reason",
  ];
  const lines = [header.join(",")];
  for (const pair of comparison.pairs)
    for (const r of pair.rows)
      lines.push(
        [
          r.scenario,
          String(r.cpus),
          num(r.memoryBytes / 2 ** 20, 0),
          String(r.smol),
          r.concurrency === null ? "" : String(r.concurrency),
          ...sideColumns(r.a),
          ...sideColumns(r.b),
          num(r.ceilingRatio, 4),
          r.verdict,
          r.reason,
        ]
          .map(quote)
          .join(","),
      );
  return `${lines.join("\n")}\n`;
}
