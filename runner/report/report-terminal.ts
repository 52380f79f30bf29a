import Table from "cli-table3";
import type { CellRecord } from "../results/cell-record.ts";
import type { ScenarioSizing, SizePick, SizingReport } from "../sizing/sizing-report.ts";
import type { VariantComparison } from "../sizing/variant-comparison.ts";
import { MIB } from "../units/units.ts";
import { driverSuffix } from "./bill-lines.ts";
import { COMPARISON_HEADER, comparisonCells, sectionTitle, variantLabel } from "./comparison-table.ts";
import type { Exporter } from "./export-reports.ts";
import { fixedShapeFigures, formatFigure, workloadSummary } from "./fixed-shape-figures.ts";
import { fmt, measureLabels } from "./fmt.ts";
import { memoryAnswerLines } from "./memory-answer-section.ts";
import {
  CALIBRATION_HEADER,
  calibrationSummary,
  dayPlanSummary,
  GENERATOR_BUDGET_HEADER,
  generatorBudget,
  missingCellsText,
  serviceSummary,
  settingsLine,
} from "./report-sections.ts";

function measurementsTable(s: ScenarioSizing): string {
  // Server mode adds Cloud Run's --concurrency and the cold start (container start to first 2xx).
  const served = s.cells.some((c) => typeof c.concurrency === "number");
  const table = new Table({
    head: [
      ...(served ? ["conc", "startup ms"] : []),
      "vCPU",
      "CPU view",
      "memory",
      "smol",
      `planning ${measureLabels.unit(s)}`,
      "spread (min–max, CV)",
      "reps",
      "CPU at ceiling",
      measureLabels.percentiles(s),
      "peak / limit",
      "throttled s",
      "OOM",
      "status",
    ],
    style: { head: [], border: [], compact: true },
  });
  for (const c of s.cells)
    table.push([
      ...(served ? [String(c.concurrency ?? "–"), fmt.ms(c.startupMs?.median ?? null)] : []),
      String(c.cpus),
      fmt.cpuView(c),
      `${Math.round(c.memoryBytes / MIB)} MiB`,
      c.smol ? "yes" : "",
      fmt.planning(c),
      fmt.spread(c),
      fmt.reps(c),
      fmt.cpuAtCeiling(c),
      `${fmt.ms(c.p50AtCeilingMs)} / ${fmt.ms(c.p95AtCeilingMs)} / ${fmt.ms(c.p99AtCeilingMs)}`,
      `${fmt.mib(c.peakMemoryBytes)} / ${fmt.mib(c.memoryBytes)}`,
      c.throttledSeconds === null ? "–" : c.throttledSeconds.toFixed(2),
      c.oomRepetitions + c.gcThrashRepetitions > 0
        ? `${c.oomRisk} (${c.oomRepetitions + c.gcThrashRepetitions}×)`
        : c.oomRisk,
      [c.status, fmt.agreement(c), fmt.drifted(c), fmt.contended(c)].filter(Boolean).join(", "),
    ]);
  return table.toString();
}

function planTable(s: ScenarioSizing): string {
  const served = s.cells.some((c) => typeof c.concurrency === "number");
  const table = new Table({
    head: [
      "size",
      ...(served ? ["conc"] : []),
      "instances",
      "$/hour (other mode)",
      `$/M ${measureLabels.noun(s)}`,
      "verdict",
    ],
    style: { head: [], border: [], compact: true },
    colWidths: [null, ...(served ? [null] : []), null, null, null, 70] as unknown as number[],
    wordWrap: true,
  });
  for (const c of s.cells)
    table.push([
      fmt.size(c),
      ...(served ? [String(c.concurrency ?? "–")] : []),
      c.instances === null ? "–" : String(c.instances),
      fmt.bill(c),
      fmt.usd(c.costPerMillionMessagesUsd),
      c.eligible ? "eligible" : c.ineligibleReasons.join("; "),
    ]);
  return table.toString();
}

const pickText = (p: SizePick) =>
  `  ${p.strategy.padEnd(9)} ${fmt.size(p)} × ${p.instances}${p.concurrency ? `, concurrency ${p.concurrency}` : ""}: ` +
  `${fmt.usd(p.costPerHourUsd)}/h${p.billing ? ` ${p.billing}-based` : ""}, p99 ${fmt.ms(p.p99AtCeilingMs)} ms`;

/** The whole service first: one size for every scenario at the target, then the per-workload sections. */
function serviceText(report: SizingReport): string[] {
  const summary = serviceSummary(report);
  if (!summary) return [];
  const out = [`\n== The whole service ==`, summary.title];
  if (summary.recommended) {
    const table = new Table({ head: summary.header, style: { head: [], border: [], compact: true } });
    for (const row of summary.rows) table.push(row);
    out.push(
      ...summary.lines,
      ...summary.warnings.map((w) => `  ⚠ ${w}`),
      table.toString(),
      `  ${summary.gcloud}`,
    );
  }
  out.push(...summary.findings.map((f) => `  • ${f}`));
  return out;
}

/** The terminal view: per scenario, the measurements, the plan, the picks and the findings. */
export function terminalTables(report: SizingReport): string {
  const out: string[] = [];
  const missing = missingCellsText(report);
  if (missing) out.push(`\n${missing}`);
  out.push(settingsLine(report), ...serviceText(report));
  const memory = memoryAnswerLines(report);
  if (memory.length > 0) out.push("\n== Smallest memory (the memory search) ==", ...memory);
  for (const s of report.scenarios) {
    out.push(
      `\n== ${sectionTitle(s)} (${measureLabels.p99(s)} SLO ${s.sloP99Ms} ms, target ${measureLabels.rate(report.settings.targetPerSec, s)}) ==`,
    );
    out.push(measurementsTable(s), planTable(s));
    const picks = Object.values(s.picks).filter((p): p is SizePick => p !== null);
    if (s.recommendation) {
      out.push(
        `Recommendation (cheapest eligible): ${fmt.size(s.recommendation)} × ${s.recommendation.instances}${driverSuffix(s.recommendation.scalingDriver)}`,
      );
      out.push(
        ...(s.recommendation.warnings ?? []).map((w) => `  ⚠ ${w}`),
        ...picks.map(pickText),
        `  ${s.recommendation.gcloud}`,
      );
    } else out.push("No size can be recommended for this scenario.");
    out.push(...s.findings.map((f) => `  • ${f}`));
  }
  if (report.variantComparison) out.push(variantComparisonText(report.variantComparison));
  out.push(...calibrationText(report), ...generatorText(report), ...dayPlanText(report));
  return out.join("\n");
}

/** Local and calibrated ceilings side by side, naming each calibration file and its date. */
function calibrationText(report: SizingReport): string[] {
  const summary = calibrationSummary(report);
  if (!summary) return [];
  const table = new Table({ head: CALIBRATION_HEADER, style: { head: [], border: [], compact: true } });
  for (const row of summary.rows) table.push(row);
  return [`\n== ${summary.title} ==`, table.toString(), summary.note];
}

/** The day plan, last on screen: it answers for the whole day's traffic, not one rate. */
function dayPlanText(report: SizingReport): string[] {
  const summary = dayPlanSummary(report);
  if (!summary) return [];
  const table = new Table({ head: summary.header, style: { head: [], border: [], compact: true } });
  for (const row of summary.rows) table.push(row);
  return [
    `\n== ${summary.title} ==`,
    ...summary.lines,
    ...(summary.rows.length > 0 ? [table.toString()] : []),
    ...summary.findings.map((f) => `  • ${f}`),
    ...summary.assumptions.map((a) => `  assumes: ${a}`),
  ];
}

/** The instrument's error budget, last: its CPU per request and own p99 per offered rate on this host. */
function generatorText(report: SizingReport): string[] {
  const budget = generatorBudget(report);
  if (!budget) return [];
  const table = new Table({ head: GENERATOR_BUDGET_HEADER, style: { head: [], border: [], compact: true } });
  for (const row of budget.rows) table.push(row);
  return [`\n== ${budget.title} ==`, ...(budget.rows.length > 0 ? [table.toString()] : []), budget.note];
}

/** The A/B tables, after the scenario sections (the last thing on screen). */
function variantComparisonText(comparison: VariantComparison): string {
  const out = [`\n== Variants A/B (A = ${variantLabel(comparison, comparison.baseline)}) ==`];
  for (const pair of comparison.pairs) {
    const table = new Table({ head: COMPARISON_HEADER, style: { head: [], border: [], compact: true } });
    for (const row of pair.rows) table.push(comparisonCells(row));
    out.push(`${variantLabel(comparison, pair.a)} → ${variantLabel(comparison, pair.b)}`, table.toString());
  }
  out.push(`Rule: ${comparison.rule}.`);
  return out.join("\n");
}

/** Padded columns: the first left-aligned, the others right-aligned. */
function columns(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return rows
    .map((row) =>
      row.map((text, i) => (i === 0 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0))),
    )
    .map((row) => `  ${row.join("   ")}`)
    .join("\n");
}

/** The terminal view of fixed-shape workloads: per scenario its headline table (known workloads), then every figure. */
export function fixedShapeTerminal(records: CellRecord[]): string {
  const out: string[] = [];
  for (const w of fixedShapeFigures(records)) {
    const summary = workloadSummary(w);
    out.push(
      `\n== ${w.scenario}${summary ? `: ${summary.title.toLowerCase()}` : ""} (fixed-shape workload, no ceiling search; units in the figure names) ==`,
    );
    if (summary) out.push(columns([summary.header, ...summary.rows]), "");
    const rows = [
      ["figure", ...w.cells.map((c) => c.label)],
      ["status", ...w.cells.map((c) => c.status)],
      ...w.figureNames.map((name) => [name, ...w.cells.map((c) => formatFigure(name, c.figures[name]))]),
    ];
    out.push(columns(rows));
    for (const c of w.cells) if (c.status !== "ok") out.push(`  • ${c.cellId}: ${c.message}`);
    for (const c of w.cells)
      for (const p of c.timelineProblems) out.push(`  • ${c.cellId}: stored timeline unreadable (${p})`);
  }
  return out.join("\n");
}

/** The terminal: the host line (and its drift), the sizing tables, the fixed-shape tables; printed, not written. */
export const terminalExporter: Exporter = {
  name: "terminal",
  fileName: null,
  applies: () => true,
  render: ({ report, records }) => {
    const host = report.host
      ? `${report.host.line}\n${report.host.drift ? `${report.host.drift}\n` : ""}\n`
      : "";
    return `${host}${terminalTables(report)}${fixedShapeTerminal(records)}`;
  },
};
