import type { ComparedSide, ComparisonRow, VariantComparison } from "../sizing/variant-comparison.ts";
import { fmt } from "./fmt.ts";

/** The A/B columns every exporter shows (terminal, Markdown, HTML; the CSV spells them out in numbers). */
export const COMPARISON_HEADER = [
  "scenario",
  "size",
  "ceiling A (min–max, reps)",
  "ceiling B (min–max, reps)",
  "B ÷ A",
  "beyond noise?",
  "p99 ms A → B",
  "peak memory A → B",
  "status A → B",
];

const ceiling = (s: ComparedSide | null) => {
  if (!s) return "absent";
  const c = s.ceilingPerSec;
  if (!c) return `– (${s.repetitions} reps)`;
  return `${fmt.rate(c.median)} (${fmt.rate(c.min)}–${fmt.rate(c.max)}, ${s.repetitions} reps)`;
};

const VERDICT_WORD = { "beyond-noise": "yes", "within-noise": "no", "not-judged": "not judged" } as const;

/** One row's cells as text, in COMPARISON_HEADER order. */
export function comparisonCells(row: ComparisonRow): string[] {
  const size = [
    fmt.size(row),
    row.concurrency === null ? "" : ` · concurrency ${row.concurrency}`,
    row.variant === null ? "" : ` · variant ${row.variant}`,
  ].join("");
  return [
    row.scenario,
    size,
    ceiling(row.a),
    ceiling(row.b),
    row.ceilingRatio === null ? "–" : `${row.ceilingRatio.toFixed(2)}×`,
    `${VERDICT_WORD[row.verdict]}: ${row.reason}`,
    `${fmt.ms(row.a?.p99AtCeilingMs ?? null)} → ${fmt.ms(row.b?.p99AtCeilingMs ?? null)}`,
    `${fmt.mib(row.a?.peakMemoryBytes ?? null)} → ${fmt.mib(row.b?.peakMemoryBytes ?? null)}`,
    `${row.a?.status ?? "absent"} → ${row.b?.status ?? "absent"}`,
  ];
}

/** "a (Bun 1.4.5)" for a variant of the comparison. */
export function variantLabel(comparison: VariantComparison, name: string): string {
  const bun = comparison.variants.find((v) => v.name === name)?.bunVersion;
  return `${name}${bun ? ` (Bun ${bun})` : ""}`;
}

/** A scenario section's title: the scenario, and its variant when the run has variants. */
export function sectionTitle(s: { scenario: string; variant?: string }): string {
  return s.variant === undefined ? s.scenario : `${s.scenario} · variant ${s.variant}`;
}

/** Markdown for rows: a table (reads fine in a terminal and in a PR). */
export function comparisonMarkdownTable(rows: ComparisonRow[]): string {
  const esc = (s: string) => s.replaceAll("|", "\\|");
  const line = (cells: string[]) => `| ${cells.map(esc).join(" | ")} |`;
  return [
    line(COMPARISON_HEADER),
    line(COMPARISON_HEADER.map(() => "---")),
    ...rows.map((r) => line(comparisonCells(r))),
  ].join("\n");
}

/** report.md's A/B section: the rule, then one table per pair of variants. */
export function variantComparisonMarkdown(comparison: VariantComparison): string {
  const out = [
    "## Variants A/B",
    "",
    `Cell by cell, A = ${variantLabel(comparison, comparison.baseline)}. Rule: ${comparison.rule}.`,
    "",
  ];
  for (const pair of comparison.pairs)
    out.push(
      `### ${variantLabel(comparison, pair.a)} → ${variantLabel(comparison, pair.b)}`,
      "",
      comparisonMarkdownTable(pair.rows),
      "",
    );
  return out.join("\n");
}
