import { dirname, join } from "node:path";
import { PACKAGE_ROOT } from "../package/tool-home.ts";
import type { CellRecord } from "../results/cell-record.ts";
import type { CellSizing } from "../sizing/cell-sizing.ts";
import type { ScenarioSizing, SizePick, SizingReport } from "../sizing/sizing-report.ts";
import type { VariantComparison } from "../sizing/variant-comparison.ts";
import { driverSuffix } from "./bill-lines.ts";
import { type ChartSpec, chartSpecs, fixedShapeCharts } from "./charts/chart-specs.ts";
import { DAY_PLAN_CHART_CAPTION, dayPlanChart } from "./charts/day-plan-chart.ts";
import { COMPARISON_HEADER, comparisonCells, sectionTitle, variantLabel } from "./comparison-table.ts";
import type { Exporter } from "./export-reports.ts";
import {
  type FixedShapeWorkload,
  fixedShapeFigures,
  formatFigure,
  workloadSummary,
} from "./fixed-shape-figures.ts";
import { fmt, measureLabels } from "./fmt.ts";
import { memoryAnswerChart, memoryAnswerLines } from "./memory-answer-section.ts";
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

/** The Chart.js UMD build from node_modules (of the package, or a binary's extracted files), inlined for offline use. */
export async function chartJsSource(): Promise<string> {
  // A binary's extracted files hold the UMD build itself; an installed package may find chart.js hoisted above it.
  const shipped = Bun.file(join(PACKAGE_ROOT, "node_modules/chart.js/dist/chart.umd.min.js"));
  if (await shipped.exists()) return shipped.text();
  const main = Bun.resolveSync("chart.js", join(PACKAGE_ROOT, "package.json"));
  return Bun.file(join(dirname(main), "chart.umd.min.js")).text();
}

const safeJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#111827;background:#f9fafb}
main{max-width:1280px;margin:0 auto;padding:24px}
h1{font-size:26px;margin:0 0 4px}h2{font-size:21px;margin:32px 0 8px;border-bottom:2px solid #e5e7eb;padding-bottom:4px}
h3{font-size:16px;margin:0 0 4px}.muted{color:#4b5563;font-size:13px}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:12px 0}
.rec{border-left:6px solid #16a34a}.norec{border-left:6px solid #dc2626}
.rec .big{font-size:20px;font-weight:600}
pre{background:#111827;color:#f9fafb;padding:10px 12px;border-radius:6px;overflow-x:auto;font-size:13px;white-space:pre-wrap}
table{border-collapse:collapse;width:100%;background:#fff;font-size:13px}
th,td{border:1px solid #e5e7eb;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f3f4f6}
tr.eligible td:first-child{border-left:4px solid #16a34a}tr.ineligible{color:#6b7280}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(560px,1fr));gap:16px}
figure{margin:0;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px}
.chart{position:relative;height:320px}figure.wide{grid-column:1/-1}figure.wide .chart{height:380px}
td:first-child{white-space:nowrap}.scroll{overflow-x:auto}figcaption{font-size:12px;color:#4b5563;margin-top:6px}
ul.findings li{margin:4px 0}tr.beyond-noise td{background:#fef9c3}ul.warn{color:#92400e;margin:4px 0}`;

const sectionId = (s: ScenarioSizing) =>
  s.variant === undefined ? s.scenario : `${s.scenario}--v-${s.variant}`;

/** The A/B tables: per pair of variants, cell by cell, with the noise verdict. */
function variantComparisonHtml(comparison: VariantComparison): string {
  const head = `<tr>${COMPARISON_HEADER.map((h) => `<th>${esc(h)}</th>`).join("")}</tr>`;
  const tables = comparison.pairs.map((pair) => {
    const rows = pair.rows
      .map(
        (r) =>
          `<tr class="${r.verdict}">${comparisonCells(r)
            .map((c) => `<td>${esc(c)}</td>`)
            .join("")}</tr>`,
      )
      .join("");
    return `<h3>${esc(variantLabel(comparison, pair.a))} → ${esc(variantLabel(comparison, pair.b))}</h3><div class="scroll"><table>${head}${rows}</table></div>`;
  });
  return `<section id="variants"><h2>Variants A/B</h2><p class="muted">A = ${esc(variantLabel(comparison, comparison.baseline))}. Rule: ${esc(comparison.rule)}.</p>${tables.join("")}</section>`;
}

/** Draws every chart without animation and marks each canvas (and the page) once Chart.js has rendered it. */
const BOOT = `
Chart.defaults.animation = false;
Chart.defaults.maintainAspectRatio = false;
Chart.defaults.plugins.legend.labels.boxWidth = 12;
Chart.defaults.plugins.legend.labels.font = { size: 11 };
const rendered = new Set();
const marker = { id: "renderedMarker", afterRender(chart) {
  chart.canvas.dataset.rendered = "true";
  rendered.add(chart.canvas.id);
  document.documentElement.dataset.chartsRendered = String(rendered.size);
} };
// Error bars: a vertical line from each point's yMin to its yMax (the repetitions' spread).
Chart.register({ id: "errorBars", afterDatasetsDraw(chart) {
  const { ctx, scales } = chart;
  chart.data.datasets.forEach((dataset, i) => {
    if (!dataset.errorBars || chart.getDatasetMeta(i).hidden) return;
    chart.getDatasetMeta(i).data.forEach((point, j) => {
      const raw = dataset.data[j];
      if (raw?.yMin === undefined || raw?.yMax === undefined) return;
      const top = scales.y.getPixelForValue(raw.yMax), bottom = scales.y.getPixelForValue(raw.yMin);
      ctx.save(); ctx.strokeStyle = dataset.borderColor; ctx.lineWidth = 1.5; ctx.beginPath();
      ctx.moveTo(point.x, top); ctx.lineTo(point.x, bottom);
      ctx.moveTo(point.x - 5, top); ctx.lineTo(point.x + 5, top);
      ctx.moveTo(point.x - 5, bottom); ctx.lineTo(point.x + 5, bottom);
      ctx.stroke(); ctx.restore();
    });
  });
} });
for (const spec of SPECS) new Chart(document.getElementById(spec.id), { ...spec.config, plugins: [marker] });`;

/** report.html: one self-contained page (Chart.js inlined, no network) with cards, charts and tables. */
export function reportHtml(report: SizingReport, records: CellRecord[], chartJs: string): string {
  const byId = new Map(records.map((r) => [r.cell.id, r]));
  const sections = report.scenarios.map((s, i) => ({ s, specs: chartSpecs(s, byId, i) }));
  const fixed = fixedShapeHtml(records);
  const day = dayPlanHtml(report);
  const memory = memoryAnswerHtml(report);
  const specs = [...memory.specs, ...day.specs, ...sections.flatMap((x) => x.specs), ...fixed.specs].map(
    ({ id, config }) => ({
      id,
      config,
    }),
  );
  const body = sections
    .map(
      ({
        s,
        specs,
      }) => `<section id="${esc(sectionId(s))}"><h2>${esc(sectionTitle(s))}</h2>${recommendationCard(s, report)}${picksTable(s)}
<ul class="findings">${s.findings.map((f) => `<li>${esc(f)}</li>`).join("")}</ul>
<div class="grid">${specs.map(chartFigure).join("")}</div><h3 id="cells-${esc(sectionId(s))}" style="margin-top:16px">All cells</h3>${cellsTable(s)}</section>`,
    )
    .join("");
  const sc = report.searchCost;
  const missing = missingCellsText(report);
  return `<!doctype html><html lang="en" data-charts-expected="${specs.length}" data-charts-rendered="0"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Cloud Run sizing: ${esc(report.runId)}</title><style>${STYLE}</style></head>
<body><main><h1>Cloud Run sizing: run ${esc(report.runId)}</h1>
${report.host ? `<p id="host">${esc(report.host.line)}</p>${report.host.drift ? `<div class="card norec" id="host-drift">${esc(report.host.drift)}</div>` : ""}` : ""}
<p class="muted" id="settings">${esc(settingsLine(report))}</p>
${missing ? `<div class="card norec" id="incomplete">${esc(missing)}</div>` : ""}${serviceCard(report)}${memory.html}${day.html}${report.variantComparison ? variantComparisonHtml(report.variantComparison) : ""}${body}${fixed.html}
${calibrationHtml(report)}${generatorHtml(report)}<h2>Search cost</h2><p>${sc.ratio === null ? "No ceiling searches recorded." : `Load steps took ${sc.searchSeconds.toFixed(0)} s against ${sc.exhaustiveSweepSeconds.toFixed(0)} s for an exhaustive linear sweep at the same resolution (ratio ${sc.ratio.toFixed(2)}).`}</p>
<h2>Assumptions</h2><ul>${report.assumptions.map((a) => `<li>${esc(a)}</li>`).join("")}</ul>
<h2>How to read this report</h2><ul>
<li><b>Planning ceiling</b>: the highest offered rate one instance sustained with p99 within the SLO, as sizing plans with it: the median over repetitions when they agree (CV ≤ 5%), else the lowest repetition that confirmed a ceiling (<b>wide</b>, marked "lowest"). Instances and cost stand on it; the ceiling chart's error bars span the repetitions.</li>
<li><b>Spread, repetitions</b>: lowest–highest ceiling and CV (a repetition that confirmed no ceiling counts as 0), and the repetitions actually run; more run (up to maxRepetitions) while the CV is over 5%. <b>Contended</b>: repetitions other load on the host disturbed even after a re-run.</li>
<li><b>CPU at ceiling</b>: cores the service kept busy in the confirming step, and their share of its CPU quota.</li>
<li><b>Eligible</b> (green edge): status ok, SLO met, ≥ 20% memory headroom, deployable on Cloud Run, within maxInstances. Wide and noisy cells stay eligible but are marked.</li>
<li><b>$/hour</b>: under the cheaper billing mode Cloud Run allows for the size (below 1 vCPU request-based only), the other mode's beside it. <b>cheapest / fastest / balanced</b> compare sizes and billing modes together. The default answer is cheapest.</li></ul>
</main><script>${chartJs}</script><script>const SPECS = ${safeJson(specs)};${BOOT}</script></body></html>`;
}

/** The memory search's answers and their chart: peak RSS and ceiling against memory, both --smol settings. */
function memoryAnswerHtml(report: SizingReport): { html: string; specs: ChartSpec[] } {
  const answers = report.memoryAnswers ?? [];
  if (answers.length === 0) return { html: "", specs: [] };
  const specs = answers.map((a, i) => memoryAnswerChart(a, `chart-memory-search-${i}`));
  const items = memoryAnswerLines(report).map((l) => `<li>${esc(l.trim())}</li>`);
  return {
    html: `<section id="memory-search"><h2>Smallest memory</h2><ul class="findings">${items.join("")}</ul><div class="grid">${specs.map(chartFigure).join("")}</div></section>`,
    specs,
  };
}

function calibrationHtml(report: SizingReport): string {
  const summary = calibrationSummary(report);
  if (!summary) return "";
  const head = CALIBRATION_HEADER.map((h) => `<th>${esc(h)}</th>`).join("");
  const rows = summary.rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("");
  return `<h2>${esc(summary.title)}</h2><p>${esc(summary.note)}</p><table id="calibration"><tr>${head}</tr>${rows}</table>`;
}

/** The day plan's section: the answer, the per-size table and the chart of the recommended size over the day. */
function dayPlanHtml(report: SizingReport): { html: string; specs: ChartSpec[] } {
  const summary = dayPlanSummary(report);
  if (!summary || !report.dayPlan) return { html: "", specs: [] };
  const config = dayPlanChart(report.dayPlan);
  const specs: ChartSpec[] = config
    ? [
        {
          id: "chart-day-plan",
          title: "Demand, ready capacity and instances over the day",
          caption: DAY_PLAN_CHART_CAPTION,
          config,
          wide: true,
        },
      ]
    : [];
  const head = summary.header.map((h) => `<th>${esc(h)}</th>`).join("");
  const rows = summary.rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("");
  const card = `<div class="card ${report.dayPlan.recommended ? "rec" : "norec"}"><div class="big">${esc(summary.title)}</div>${summary.lines.map((l) => `<p>${esc(l)}</p>`).join("")}</div>`;
  const list = (items: string[]) =>
    items.length > 0 ? `<ul class="findings">${items.map((i) => `<li>${esc(i)}</li>`).join("")}</ul>` : "";
  return {
    html: `<section id="day-plan"><h2>A day's traffic</h2>${card}${summary.rows.length > 0 ? `<div class="scroll"><table><tr>${head}</tr>${rows}</table></div>` : ""}${list(summary.findings)}<div class="grid">${specs.map(chartFigure).join("")}</div><h3>What the day plan assumes</h3>${list(summary.assumptions)}</section>`,
    specs,
  };
}

function generatorHtml(report: SizingReport): string {
  const budget = generatorBudget(report);
  if (!budget) return "";
  const head = GENERATOR_BUDGET_HEADER.map((h) => `<th>${esc(h)}</th>`).join("");
  const rows = budget.rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("");
  const table = budget.rows.length > 0 ? `<table id="generator-budget"><tr>${head}</tr>${rows}</table>` : "";
  return `<h2>${esc(budget.title)}</h2><p>${esc(budget.note)}</p>${table}`;
}

/** Text for HTML: the five characters that could open markup or close an attribute. */
export const esc = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** A chart's frame in report.html: title, canvas (drawn by the page's Chart.js boot script), caption. */
export const chartFigure = (spec: ChartSpec) =>
  `<figure${spec.wide ? ' class="wide"' : ""}><h3>${esc(spec.title)}</h3><div class="chart"><canvas id="${spec.id}" data-chart></canvas></div><figcaption>${esc(spec.caption)}</figcaption></figure>`;

const row = (cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
const head = (cells: string[]) => `<tr>${cells.map((c) => `<th>${esc(c)}</th>`).join("")}</tr>`;
const warningList = (warnings: string[] | undefined) =>
  warnings?.length ? `<ul class="warn">${warnings.map((w) => `<li>⚠ ${esc(w)}</li>`).join("")}</ul>` : "";
const startup = (c: CellSizing | undefined) =>
  c?.startupMs
    ? `${fmt.ms(c.startupMs.median)} <span class="muted">(${fmt.ms(c.startupMs.min)}–${fmt.ms(c.startupMs.max)})</span>`
    : "–";

/** The whole service's answer, above the per-workload sections. */
export function serviceCard(report: SizingReport): string {
  const summary = serviceSummary(report);
  if (!summary) return "";
  const findings = `<ul class="findings">${summary.findings.map((f) => `<li>${esc(f)}</li>`).join("")}</ul>`;
  if (!summary.recommended)
    return `<section id="service"><h2>The whole service</h2><div class="card norec"><div class="big">${esc(summary.title)}</div></div>${findings}</section>`;
  const table = `<div class="scroll"><table>${head(summary.header)}${summary.rows.map((r) => row(r.map(esc))).join("")}</table></div>`;
  return `<section id="service"><h2>The whole service</h2><div class="card rec"><div class="big">${esc(summary.title)}</div>
${summary.lines.map((l) => `<p>${esc(l)}</p>`).join("")}${warningList(summary.warnings)}<pre>${esc(summary.gcloud ?? "")}</pre></div>${table}${findings}</section>`;
}

/** One scenario's recommendation: size, instances, bill under its billing mode, what it rests on, the deploy line. */
export function recommendationCard(s: ScenarioSizing, report: SizingReport): string {
  const rec = s.recommendation;
  if (!rec)
    return `<div class="card norec"><div class="big">No size can be recommended for ${esc(s.scenario)}</div><p>See the findings below.</p></div>`;
  const other =
    rec.otherBillingCostPerHourUsd != null
      ? ` ${rec.billing === "request" ? "Instance" : "Request"}-based billing would cost ${esc(fmt.usd(rec.otherBillingCostPerHourUsd))}/hour.`
      : "";
  return `<div class="card rec"><div class="big">Deploy ${esc(fmt.size(rec))} × ${rec.instances} instance${rec.instances === 1 ? "" : "s"}${rec.concurrency ? `, concurrency ${rec.concurrency}` : ""}${esc(driverSuffix(rec.scalingDriver))}</div>
<p>Serves ${esc(measureLabels.rate(report.settings.targetPerSec, s))} at ${esc(measureLabels.p99(s))} ≤ ${s.sloP99Ms} ms (measured ${esc(fmt.ms(rec.p99AtCeilingMs))} ms at ${esc(measureLabels.rate(rec.planningCeilingPerSec ?? rec.ceilingPerSec, s))} per instance, its planning figure)
for about <b>${esc(fmt.usd(rec.costPerHourUsd))}/hour</b>${rec.billing ? ` under ${rec.billing}-based billing` : ""}, ${esc(fmt.usd(rec.costPerMillionMessagesUsd))} per million ${esc(measureLabels.noun(s))}.${other}</p>
${warningList(rec.warnings)}<pre>${esc(rec.gcloud)}</pre></div>`;
}

/** The three strategies, sizes and billing modes compared together. */
export function picksTable(s: ScenarioSizing): string {
  const picks = Object.values(s.picks).filter((p): p is SizePick => p !== null);
  if (picks.length === 0) return "";
  const rows = picks.map((p) => {
    const cell = s.cells.find((c) => c.cellId === p.cellId);
    return row([
      p.strategy,
      esc(fmt.size(p)),
      String(p.concurrency ?? cell?.concurrency ?? "–"),
      startup(cell),
      `${p.instances} (max ${p.maxInstances})`,
      `${esc(fmt.usd(p.costPerHourUsd))}${p.billing ? ` ${p.billing}` : ""}`,
      esc(fmt.usd(p.costPerMillionMessagesUsd)),
      `${esc(fmt.ms(p.p99AtCeilingMs))} ms`,
      cell ? esc(fmt.cpuAtCeiling(cell)) : "–",
      `${esc(measureLabels.rate(p.planningCeilingPerSec ?? p.ceilingPerSec, s))}${p.wide ? " <b>wide</b>" : ""}`,
    ]);
  });
  return `<table>${head(["strategy", "size", "concurrency", "startup ms", "instances", "$/hour (billing)", `$/M ${measureLabels.noun(s)}`, `${measureLabels.p99(s)} at ceiling`, "CPU at ceiling (cores, quota)", "planning ceiling/instance"])}${rows.join("")}</table>`;
}

/** Every cell: planning figure and spread, concurrency and startup, CPU at the ceiling, both bills, the verdict. */
export function cellsTable(s: ScenarioSizing): string {
  const rows = s.cells.map((c) => {
    const smol = c.smolDelta
      ? `${fmt.signedPct(c.smolDelta.ceilingPct)} / ${fmt.signedPct(c.smolDelta.p99Pct)} / ${fmt.signedPct(c.smolDelta.peakMemoryPct)}` +
        (c.smolDelta.probeGap ? ` (${c.smolDelta.probeGap})` : "")
      : "";
    const marks = [fmt.agreement(c), fmt.drifted(c), fmt.contended(c)].filter(Boolean).join(", ");
    const cells = [
      esc(fmt.size(c)),
      esc(fmt.cpuView(c)),
      String(c.concurrency ?? "–"),
      startup(c),
      c.status,
      esc(fmt.planning(c)),
      `${esc(fmt.spread(c))}, ${fmt.reps(c)}${marks ? ` <b>⚠ ${esc(marks)}</b>` : ""}`,
      esc(fmt.cpuAtCeiling(c)),
      `${fmt.ms(c.p50AtCeilingMs)} / ${fmt.ms(c.p95AtCeilingMs)} / ${fmt.ms(c.p99AtCeilingMs)}`,
      `${fmt.mib(c.peakMemoryBytes)} / ${fmt.mib(c.memoryBytes)} (${fmt.pct(c.memoryHeadroom)} free)`,
      c.oomRisk,
      String(c.instances ?? "–"),
      esc(fmt.bill(c)),
      smol,
      c.eligible ? "eligible" : esc(c.ineligibleReasons.join("; ")),
    ];
    return `<tr class="${c.eligible ? "eligible" : "ineligible"}">${cells.map((x) => `<td>${x}</td>`).join("")}</tr>`;
  });
  const header = [
    "size",
    "CPU view (cores)",
    "concurrency",
    "startup ms (min–max)",
    "status",
    `planning ceiling ${measureLabels.unit(s)}`,
    "spread (min–max, CV), repetitions",
    "CPU at ceiling (cores, quota)",
    measureLabels.percentiles(s),
    "peak / limit",
    "OOM risk",
    "instances",
    "$/hour (other mode)",
    "--smol Δ ceiling/p99/mem",
    "verdict",
  ];
  return `<div class="scroll"><table>${head(header)}${rows.join("")}</table></div>`;
}

const table = (header: string[], rows: string[][]) =>
  `<div class="scroll"><table><tr>${header.map((h) => `<th>${esc(h)}</th>`).join("")}</tr>${rows
    .map((row) => `<tr>${row.map((cell) => `<td>${esc(cell)}</td>`).join("")}</tr>`)
    .join("")}</table></div>`;

/** Every figure, a row per figure and a column per cell. */
function allFigures(w: FixedShapeWorkload): string {
  const header = ["figure", ...w.cells.map((c) => c.label)];
  const rows = [
    ["status", ...w.cells.map((c) => c.status)],
    ...w.figureNames.map((name) => [name, ...w.cells.map((c) => formatFigure(name, c.figures[name]))]),
  ];
  return table(header, rows);
}

/** report.html's sections for fixed-shape workloads: a headline table and charts where the workload is known, all figures, failures. */
export function fixedShapeHtml(records: CellRecord[]): { html: string; specs: ChartSpec[] } {
  const sections = fixedShapeFigures(records).map((w, index) => {
    const summary = workloadSummary(w);
    const specs = fixedShapeCharts(w, index);
    const problems = w.cells.flatMap((c) =>
      c.timelineProblems.map((p) => `${c.cellId}: stored timeline unreadable (${p})`),
    );
    const failures = [
      ...w.cells.filter((c) => c.status !== "ok").map((c) => `${c.cellId}: ${c.message}`),
      ...problems,
    ];
    const html = `<section id="${esc(w.scenario)}"><h2>${esc(w.scenario)}${summary ? `: ${esc(summary.title.toLowerCase())}` : ""} (fixed-shape workload)</h2>
<p class="muted">No ceiling search: the figures of one run per repetition (median), units in their names.${summary ? ` ${esc(summary.note)}` : ""}</p>
${summary ? table(summary.header, summary.rows) : ""}${specs.length ? `<div class="grid" style="margin-top:12px">${specs.map(chartFigure).join("")}</div>` : ""}
<h3 style="margin-top:16px">All figures</h3>${allFigures(w)}<ul class="findings">${failures.map((f) => `<li>${esc(f)}</li>`).join("")}</ul></section>`;
    return { html, specs };
  });
  return { html: sections.map((s) => s.html).join(""), specs: sections.flatMap((s) => s.specs) };
}

/** report.html: the page, with Chart.js read from node_modules and inlined. */
export const htmlExporter: Exporter = {
  name: "reportHtml",
  fileName: "report.html",
  applies: () => true,
  render: async ({ report, records }) => reportHtml(report, records, await chartJsSource()),
};
