import type { CellSizing } from "../sizing/cell-sizing.ts";
import type { ScenarioSizing, SizePick, SizingReport } from "../sizing/sizing-report.ts";
import { fmt } from "./fmt.ts";
import { esc } from "./html-escape.ts";
import { measureLabels } from "./measure-labels.ts";
import { serviceSummary } from "./service-summary.ts";

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
  return `<div class="card rec"><div class="big">Deploy ${esc(fmt.size(rec))} × ${rec.instances} instance${rec.instances === 1 ? "" : "s"}${rec.concurrency ? `, concurrency ${rec.concurrency}` : ""}</div>
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
