import type { CellSizing } from "../sizing/cell-sizing.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";
import type { ComparedSide, VariantComparison } from "../sizing/variant-comparison.ts";
import { MIB } from "../units/units.ts";
import type { Exporter } from "./export-reports.ts";

const round = (n: number | null | undefined, digits = 3) =>
  n === null || n === undefined ? "" : String(Number(n.toFixed(digits)));

/** One column per entry: header and how to read it from a cell. */
export const SIZING_CSV_COLUMNS: Array<[string, (c: CellSizing, picks: string) => string]> = [
  ["scenario", (c) => c.scenario],
  ["cell_id", (c) => c.cellId],
  ["cpus", (c) => String(c.cpus)],
  ["memory_mib", (c) => round(c.memoryBytes / MIB, 0)],
  ["smol", (c) => String(c.smol)],
  ["status", (c) => c.status],
  ["ok_repetitions", (c) => `${c.okRepetitions}/${c.repetitions}`],
  ["ceiling_per_sec", (c) => round(c.ceilingPerSec?.median, 1)],
  ["ceiling_min_per_sec", (c) => round(c.ceilingPerSec?.min, 1)],
  ["ceiling_max_per_sec", (c) => round(c.ceilingPerSec?.max, 1)],
  ["ceiling_cv", (c) => round(c.ceilingPerSec?.cv, 4)],
  ["planning_ceiling_per_sec", (c) => round(c.planningCeilingPerSec, 1)],
  ["planning_basis", (c) => c.spread?.basis ?? ""],
  ["wide", (c) => (c.spread ? String(c.spread.wide) : "")],
  ["rate_unit", (c) => c.rateUnit ?? ""],
  ["repetitions_run", (c) => String(c.repetitions)],
  [
    "unconfirmed_repetitions",
    (c) => (c.unconfirmedRepetitions === undefined ? "" : String(c.unconfirmedRepetitions)),
  ],
  ["noisy", (c) => String(c.noisy)],
  ["disagrees", (c) => (c.disagrees === undefined ? "" : String(c.disagrees))],
  ["cpu_cores_at_ceiling", (c) => round(c.cpuCoresAtCeiling)],
  ["cpu_quota_share_at_ceiling", (c) => round(c.cpuQuotaShareAtCeiling)],
  ["concurrency", (c) => (typeof c.concurrency === "number" ? String(c.concurrency) : "")],
  ["startup_ms", (c) => round(c.startupMs?.median, 1)],
  [
    "contended_repetitions",
    (c) => (c.contendedRepetitions === undefined ? "" : String(c.contendedRepetitions)),
  ],
  ["p50_at_ceiling_ms", (c) => round(c.p50AtCeilingMs)],
  ["p95_at_ceiling_ms", (c) => round(c.p95AtCeilingMs)],
  ["p99_at_ceiling_ms", (c) => round(c.p99AtCeilingMs)],
  ["latency_kind", (c) => c.latencyKind ?? ""],
  ["slo_p99_ms", (c) => String(c.sloP99Ms)],
  ["slo_met", (c) => String(c.sloMet)],
  ["peak_memory_mib", (c) => round(c.peakMemoryBytes === null ? null : c.peakMemoryBytes / MIB, 1)],
  ["memory_headroom_pct", (c) => round(c.memoryHeadroom === null ? null : c.memoryHeadroom * 100, 1)],
  ["throttled_seconds", (c) => round(c.throttledSeconds)],
  ["oom_repetitions", (c) => String(c.oomRepetitions)],
  ["gc_thrash_repetitions", (c) => String(c.gcThrashRepetitions)],
  ["oom_risk", (c) => c.oomRisk],
  ["deployable", (c) => String(c.deployability.deployable)],
  ["deploy_conditions", (c) => c.deployability.conditions.join("; ")],
  ["instances", (c) => (c.instances === null ? "" : String(c.instances))],
  ["scaling_driver", (c) => c.scalingDriver ?? ""],
  [
    "measured_concurrency",
    (c) => (c.concurrencySearch?.recommended ? String(c.concurrencySearch.recommended) : ""),
  ],
  ["egress_bytes_per_request", (c) => round(c.egressBytesPerRequest ?? null, 0)],
  ["fits", (c) => String(c.fits)],
  ["cost_per_hour_usd", (c) => round(c.costPerHourUsd, 4)],
  ["billing", (c) => c.billing ?? ""],
  ["request_cost_per_hour_usd", (c) => round(c.costPerHourUsdByBilling?.request, 4)],
  ["instance_cost_per_hour_usd", (c) => round(c.costPerHourUsdByBilling?.instance, 4)],
  ["cost_per_million_messages_usd", (c) => round(c.costPerMillionMessagesUsd, 5)],
  ["smol_ceiling_delta_pct", (c) => round(c.smolDelta?.ceilingPct, 1)],
  ["smol_p99_delta_pct", (c) => round(c.smolDelta?.p99Pct, 1)],
  ["smol_peak_memory_delta_pct", (c) => round(c.smolDelta?.peakMemoryPct, 1)],
  ["eligible", (c) => String(c.eligible)],
  ["ineligible_reasons", (c) => c.ineligibleReasons.join("; ")],
  ["picked_as", (_c, picks) => picks],
];

/** Appended when the run has variants (variants.csv holds the A/B comparison). */
const VARIANT_COLUMNS: typeof SIZING_CSV_COLUMNS = [
  ["variant", (c) => c.variant ?? ""],
  ["bun_version", (c) => c.bunVersion ?? ""],
];

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** sizing.csv: one row per cell, every scenario, RFC 4180 quoting. */
export function sizingCsv(report: SizingReport): string {
  const withVariants = report.scenarios.some((s) => s.variant !== undefined);
  const columns = withVariants ? [...SIZING_CSV_COLUMNS, ...VARIANT_COLUMNS] : SIZING_CSV_COLUMNS;
  const lines = [columns.map(([name]) => name).join(",")];
  for (const scenario of report.scenarios)
    for (const cell of scenario.cells) {
      const picks = Object.values(scenario.picks)
        .filter((p) => p?.cellId === cell.cellId)
        .map((p) => p?.strategy)
        .join(" ");
      lines.push(columns.map(([, read]) => quote(read(cell, picks))).join(","));
    }
  return `${lines.join("\n")}\n`;
}

const num = (n: number | null | undefined, digits = 3) =>
  n === null || n === undefined ? "" : String(Number(n.toFixed(digits)));
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

/** sizing.csv: a row per cell. */
export const sizingCsvExporter: Exporter = {
  name: "sizingCsv",
  fileName: "sizing.csv",
  applies: () => true,
  render: ({ report }) => sizingCsv(report),
};

/** variants.csv: only when the run compared variants. */
export const variantsCsvExporter: Exporter = {
  name: "variantsCsv",
  fileName: "variants.csv",
  applies: ({ report }) => Boolean(report.variantComparison),
  render: ({ report }) => (report.variantComparison ? variantsCsv(report.variantComparison) : ""),
};
