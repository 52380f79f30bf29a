import { dirname, join } from "node:path";
import type { CellRecord } from "../results/cell-record.ts";
import type { ScenarioSizing, SizePick, SizingReport } from "../sizing/sizing-report.ts";
import type { VariantComparison } from "../variants/comparison-row.ts";
import { chartFigure } from "./chart-figure.ts";
import { chartSpecs } from "./chart-specs.ts";
import { COMPARISON_HEADER, comparisonCells, sectionTitle, variantLabel } from "./comparison-table.ts";
import { fixedShapeHtml } from "./fixed-shape-html.ts";
import { fmt } from "./fmt.ts";
import { measureLabels } from "./measure-labels.ts";
import { missingCellsText } from "./missing-cells-text.ts";

/** The Chart.js UMD build from node_modules, inlined so the page works offline. */
export async function chartJsSource(): Promise<string> {
  const main = Bun.resolveSync("chart.js", import.meta.dir);
  return Bun.file(join(dirname(main), "chart.umd.min.js")).text();
}

const esc = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
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
ul.findings li{margin:4px 0}tr.beyond-noise td{background:#fef9c3}`;

function recommendationCard(s: ScenarioSizing, report: SizingReport): string {
  const rec = s.recommendation;
  if (!rec)
    return `<div class="card norec"><div class="big">No size can be recommended for ${esc(s.scenario)}</div><p>See the findings below.</p></div>`;
  return `<div class="card rec"><div class="big">Deploy ${esc(fmt.size(rec))} × ${rec.instances} instance${rec.instances === 1 ? "" : "s"}</div>
<p>Serves ${esc(measureLabels.rate(report.settings.targetPerSec, s))} at ${esc(measureLabels.p99(s))} ≤ ${s.sloP99Ms} ms (measured ${esc(fmt.ms(rec.p99AtCeilingMs))} ms at ${esc(measureLabels.rate(rec.ceilingPerSec, s))} per instance)
for about <b>${esc(fmt.usd(rec.costPerHourUsd))}/hour</b>, ${esc(fmt.usd(rec.costPerMillionMessagesUsd))} per million ${esc(measureLabels.noun(s))}.${rec.noisy ? " <b>Noisy measurement: re-run before relying on it.</b>" : ""}</p>
<pre>${esc(rec.gcloud)}</pre></div>`;
}

function picksTable(s: ScenarioSizing): string {
  const picks = Object.values(s.picks).filter((p): p is SizePick => p !== null);
  if (picks.length === 0) return "";
  const rows = picks
    .map(
      (p) =>
        `<tr><td>${p.strategy}</td><td>${esc(fmt.size(p))}</td><td>${p.instances} (max ${p.maxInstances})</td><td>${esc(fmt.usd(p.costPerHourUsd))}</td><td>${esc(fmt.usd(p.costPerMillionMessagesUsd))}</td><td>${esc(fmt.ms(p.p99AtCeilingMs))} ms</td><td>${esc(measureLabels.rate(p.ceilingPerSec, s))}</td></tr>`,
    )
    .join("");
  return `<table><tr><th>strategy</th><th>size</th><th>instances</th><th>$/hour</th><th>$/M ${esc(measureLabels.noun(s))}</th><th>${esc(measureLabels.p99(s))} at ceiling</th><th>ceiling/instance</th></tr>${rows}</table>`;
}

const count = (n: number) => Math.round(n).toLocaleString("en-US");

function cellsTable(s: ScenarioSizing): string {
  const rows = s.cells
    .map((c) => {
      const smol = c.smolDelta
        ? `${fmt.signedPct(c.smolDelta.ceilingPct)} / ${fmt.signedPct(c.smolDelta.p99Pct)} / ${fmt.signedPct(c.smolDelta.peakMemoryPct)}`
        : "";
      const ceiling = c.ceilingPerSec
        ? `${count(c.ceilingPerSec.median)} <span class="muted">(${count(c.ceilingPerSec.min)}–${count(c.ceilingPerSec.max)})</span>`
        : "–";
      const trust = fmt.agreement(c);
      const spread = `${fmt.cv(c.ceilingPerSec)}, ${fmt.reps(c)}${trust ? ` <b>⚠ ${trust}</b>` : ""}`;
      return `<tr class="${c.eligible ? "eligible" : "ineligible"}"><td>${esc(fmt.size(c))}</td><td>${c.status}</td><td>${ceiling}</td><td>${spread}</td>
<td>${fmt.ms(c.p50AtCeilingMs)} / ${fmt.ms(c.p95AtCeilingMs)} / ${fmt.ms(c.p99AtCeilingMs)}</td><td>${fmt.mib(c.peakMemoryBytes)} / ${fmt.mib(c.memoryBytes)} (${fmt.pct(c.memoryHeadroom)} free)</td>
<td>${c.oomRisk}</td><td>${c.instances ?? "–"}</td><td>${fmt.usd(c.costPerHourUsd)}</td><td>${smol}</td><td>${c.eligible ? "eligible" : esc(c.ineligibleReasons.join("; "))}</td></tr>`;
    })
    .join("");
  return `<div class="scroll"><table><tr><th>size</th><th>status</th><th>ceiling ${esc(measureLabels.unit(s))} (min–max)</th><th>CV, repetitions</th><th>${esc(measureLabels.percentiles(s))}</th><th>peak / limit</th><th>OOM risk</th><th>instances</th><th>$/hour</th><th>--smol Δ ceiling/p99/mem</th><th>verdict</th></tr>${rows}</table></div>`;
}

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
for (const spec of SPECS) new Chart(document.getElementById(spec.id), { ...spec.config, plugins: [marker] });`;

/** report.html: one self-contained page (Chart.js inlined, no network) with cards, charts and tables. */
export function reportHtml(report: SizingReport, records: CellRecord[], chartJs: string): string {
  const byId = new Map(records.map((r) => [r.cell.id, r]));
  const sections = report.scenarios.map((s, i) => ({ s, specs: chartSpecs(s, byId, i) }));
  const fixed = fixedShapeHtml(records);
  const specs = [...sections.flatMap((x) => x.specs), ...fixed.specs].map(({ id, config }) => ({
    id,
    config,
  }));
  const st = report.settings;
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
<p class="muted">Target ${esc(fmt.rate(st.targetPerSec))}, utilisation ${fmt.pct(st.utilizationTarget)}, ${st.billing}-based billing, tier ${st.regionTier}, concurrency ${st.concurrency}, instances ${st.minInstances}–${st.maxInstances ?? "∞"}.
Prices dated ${esc(report.pricesDated)} (${esc(report.pricesSource)}): $${report.prices.vcpuSecondUsd}/vCPU-s, $${report.prices.gibSecondUsd}/GiB-s, $${report.prices.millionRequestsUsd}/M requests. Generated ${esc(report.generatedAt)}.</p>
${missing ? `<div class="card norec" id="incomplete">${esc(missing)}</div>` : ""}${report.variantComparison ? variantComparisonHtml(report.variantComparison) : ""}${body}${fixed.html}
<h2>Search cost</h2><p>${sc.ratio === null ? "No ceiling searches recorded." : `Load steps took ${sc.searchSeconds.toFixed(0)} s against ${sc.exhaustiveSweepSeconds.toFixed(0)} s for an exhaustive linear sweep at the same resolution (ratio ${sc.ratio.toFixed(2)}).`}</p>
<h2>Assumptions</h2><ul>${report.assumptions.map((a) => `<li>${esc(a)}</li>`).join("")}</ul>
<h2>How to read this report</h2><ul>
<li><b>Ceiling</b>: the highest offered rate one instance sustained with p99 within the SLO; median over repetitions, min–max shows the spread (a repetition that confirmed no ceiling counts as 0).</li>
<li><b>CV, repetitions</b>: the ceiling's coefficient of variation and the repetitions actually run; more run (up to maxRepetitions) while the CV is over 5%. A cell still over 5% <b>disagrees</b> and is never recommended.</li>
<li><b>Eligible</b> (green edge): status ok, SLO met, ≥ 20% memory headroom, deployable on Cloud Run, within maxInstances. Noisy cells stay eligible but are marked.</li>
<li><b>cheapest / fastest / balanced</b>: lowest $/hour, lowest p99 at the ceiling, or the best weighted mix among eligible cells. The default answer is cheapest.</li></ul>
</main><script>${chartJs}</script><script>const SPECS = ${safeJson(specs)};${BOOT}</script></body></html>`;
}
