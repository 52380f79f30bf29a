import type { CellRecord } from "../results/cell-record.ts";
import type { CellSizing } from "../sizing/cell-sizing.ts";
import type { ScenarioSizing, SizePick, SizingReport } from "../sizing/sizing-report.ts";
import { driverSuffix } from "./bill-lines.ts";
import { sectionTitle, variantComparisonMarkdown } from "./comparison-table.ts";
import type { Exporter } from "./export-reports.ts";
import { fixedShapeFigures, formatFigure, workloadSummary } from "./fixed-shape-figures.ts";
import { fmt, type Measured, measureLabels } from "./fmt.ts";
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

const cellText = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");
const row = (cells: string[]) => `| ${cells.map(cellText).join(" | ")} |`;
const table = (header: string[], rows: string[][]) =>
  [row(header), row(header.map(() => "---")), ...rows.map(row)].join("\n");

function pickLine(p: SizePick, m: Measured, cell: CellSizing | undefined): string[] {
  return [
    p.strategy,
    fmt.size(p),
    String(p.concurrency ?? cell?.concurrency ?? "–"),
    startup(cell?.startupMs ?? null),
    `${p.instances} (max ${p.maxInstances})`,
    `${fmt.usd(p.costPerHourUsd)}${p.billing ? ` ${p.billing}` : ""}${p.otherBillingCostPerHourUsd != null ? ` (other ${fmt.usd(p.otherBillingCostPerHourUsd)})` : ""}`,
    fmt.usd(p.costPerMillionMessagesUsd),
    `${fmt.ms(p.p99AtCeilingMs)} ms`,
    cell ? fmt.cpuAtCeiling(cell) : "–",
    `${measureLabels.rate(p.planningCeilingPerSec ?? p.ceilingPerSec, m)}${p.wide ? " (wide: lowest)" : p.noisy ? " (noisy)" : ""}`,
  ];
}

/** The day plan after the service's answer: the same service over a day's traffic. */
function dayPlanSection(report: SizingReport): string[] {
  const summary = dayPlanSummary(report);
  if (!summary) return [];
  return [
    "## A day's traffic",
    "",
    `**${summary.title}.**`,
    "",
    ...summary.lines,
    "",
    ...(summary.rows.length > 0 ? [table(summary.header, summary.rows), ""] : []),
    ...summary.findings.map((f) => `- ${f}`),
    ...summary.assumptions.map((a) => `- Assumes: ${a}`),
    "",
  ];
}

/** The whole service first: one size for every scenario at the target. */
function serviceSection(report: SizingReport): string[] {
  const summary = serviceSummary(report);
  if (!summary) return [];
  const out = ["## The whole service", "", `**${summary.title}.**`, ""];
  if (summary.recommended)
    out.push(
      ...summary.lines,
      "",
      ...summary.warnings.map((w) => `> ⚠ ${w}`),
      ...(summary.warnings.length > 0 ? [""] : []),
      "```sh",
      summary.gcloud ?? "",
      "```",
      "",
      table(summary.header, summary.rows),
      "",
    );
  if (summary.findings.length > 0) out.push(...summary.findings.map((f) => `- ${f}`), "");
  return out;
}

function scenarioSection(s: ScenarioSizing, report: SizingReport): string {
  const out = [`## ${sectionTitle(s)}`, ""];
  const rec = s.recommendation;
  if (rec) {
    out.push(
      `**Deploy ${fmt.size(rec)}** with ${rec.instances} instance${rec.instances === 1 ? "" : "s"}${driverSuffix(rec.scalingDriver)} for ` +
        `${measureLabels.rate(report.settings.targetPerSec, s)} at ${measureLabels.p99(s)} ≤ ${s.sloP99Ms} ms: about ${fmt.usd(rec.costPerHourUsd)}/hour, ` +
        `${fmt.usd(rec.costPerMillionMessagesUsd)} per million ${measureLabels.noun(s)} (cheapest eligible` +
        `${rec.billing ? `, ${rec.billing}-based billing` : ""}${rec.concurrency ? `, concurrency ${rec.concurrency}` : ""}).`,
      "",
      ...(rec.warnings ?? []).map((w) => `> ⚠ ${w}`),
      ...((rec.warnings ?? []).length > 0 ? [""] : []),
      "```sh",
      rec.gcloud,
      "```",
      "",
    );
  } else out.push("**No size can be recommended** for this scenario: see the findings.", "");
  const picks = Object.values(s.picks).filter((p): p is SizePick => p !== null);
  if (picks.length > 0)
    out.push(
      table(
        [
          "strategy",
          "size",
          "concurrency",
          "startup ms (min–max)",
          "instances",
          "$/hour (billing)",
          `$/M ${measureLabels.noun(s)}`,
          `${measureLabels.p99(s)} at ceiling`,
          "CPU at ceiling (cores, quota)",
          "planning ceiling/instance",
        ],
        picks.map((p) =>
          pickLine(
            p,
            s,
            s.cells.find((c) => c.cellId === p.cellId),
          ),
        ),
      ),
      "",
    );
  if (s.findings.length > 0) out.push(...s.findings.map((f) => `- ${f}`), "");
  const served = s.cells.some((c) => typeof c.concurrency === "number");
  out.push(
    table(
      [
        "size",
        "CPU view (cores)",
        ...(served ? ["concurrency", "startup ms (min–max)"] : []),
        "status",
        `planning ceiling ${measureLabels.unit(s)}`,
        "spread (min–max, CV)",
        "reps",
        "CPU at ceiling (cores, quota)",
        measureLabels.percentiles(s),
        "peak / limit",
        "throttled s",
        "OOM",
        "instances",
        "$/hour (other mode)",
        "--smol Δ ceiling/p99/mem",
        "verdict",
      ],
      s.cells.map((c) => [
        fmt.size(c),
        fmt.cpuView(c),
        ...(served ? [String(c.concurrency ?? "–"), startup(c.startupMs ?? null)] : []),
        [c.status, fmt.drifted(c), fmt.contended(c)].filter(Boolean).join(", "),
        fmt.planning(c),
        [fmt.spread(c), fmt.agreement(c)].filter(Boolean).join(" "),
        fmt.reps(c),
        fmt.cpuAtCeiling(c),
        `${fmt.ms(c.p50AtCeilingMs)} / ${fmt.ms(c.p95AtCeilingMs)} / ${fmt.ms(c.p99AtCeilingMs)}`,
        `${fmt.mib(c.peakMemoryBytes)} / ${fmt.mib(c.memoryBytes)} (${fmt.pct(c.memoryHeadroom)} free)`,
        c.throttledSeconds === null ? "–" : c.throttledSeconds.toFixed(2),
        `${c.oomRisk}${c.oomRepetitions + c.gcThrashRepetitions > 0 ? ` (${c.oomRepetitions} oom, ${c.gcThrashRepetitions} gc-thrash)` : ""}`,
        c.instances === null ? "–" : String(c.instances),
        fmt.bill(c),
        c.smolDelta
          ? `${fmt.signedPct(c.smolDelta.ceilingPct)} / ${fmt.signedPct(c.smolDelta.p99Pct)} / ${fmt.signedPct(c.smolDelta.peakMemoryPct)}` +
            (c.smolDelta.probeGap ? ` (${c.smolDelta.probeGap})` : "")
          : "",
        c.eligible ? "eligible" : c.ineligibleReasons.join("; "),
      ]),
    ),
    "",
  );
  return out.join("\n");
}

function calibrationSection(report: SizingReport): string[] {
  const summary = calibrationSummary(report);
  if (!summary) return [];
  return [`## ${summary.title}`, "", summary.note, "", table(CALIBRATION_HEADER, summary.rows), ""];
}

function generatorSection(report: SizingReport): string[] {
  const budget = generatorBudget(report);
  if (!budget) return [];
  const rows = budget.rows.length > 0 ? [table(GENERATOR_BUDGET_HEADER, budget.rows), ""] : [];
  return [`## ${budget.title}`, "", budget.note, "", ...rows];
}

/** report.md: GitHub-flavoured Markdown, readable in a PR, a step summary or a terminal. */
export function reportMarkdown(report: SizingReport): string {
  const { searchCost } = report;
  const missing = missingCellsText(report);
  return [
    `# Cloud Run sizing: run ${report.runId}`,
    "",
    ...(report.host
      ? [report.host.line, "", ...(report.host.drift ? [`> **${report.host.drift}**`, ""] : [])]
      : []),
    settingsLine(report),
    "",
    ...(missing ? [`> **${missing}**`, ""] : []),
    ...serviceSection(report),
    ...memorySection(report),
    ...dayPlanSection(report),
    ...(report.variantComparison ? [variantComparisonMarkdown(report.variantComparison)] : []),
    ...report.scenarios.map((s) => scenarioSection(s, report)),
    ...calibrationSection(report),
    ...generatorSection(report),
    "## Search cost",
    "",
    searchCost.ratio === null
      ? "No ceiling searches were recorded."
      : `Ceiling searches took ${searchCost.searchSeconds.toFixed(0)} s of load steps versus ${searchCost.exhaustiveSweepSeconds.toFixed(0)} s ` +
        `for a linear sweep at the same resolution: ratio ${searchCost.ratio.toFixed(2)}.`,
    "",
    "## Assumptions",
    "",
    ...report.assumptions.map((a) => `- ${a}`),
    "",
    "## How to read this",
    "",
    '- **planning ceiling**: the highest offered rate one instance sustained with p99 within the SLO, as sizing plans with it: the median over repetitions when they agree (CV ≤ 5%), else the lowest repetition that confirmed a ceiling (**wide**, marked "lowest"). Instances and cost stand on it.',
    "- **spread**: the repetitions' lowest–highest ceiling and their CV (a repetition that confirmed no ceiling counts as 0); more repetitions run (up to `maxRepetitions`) while the CV is over 5%. **contended**: repetitions other load on the host disturbed even after a re-run.",
    "- **CPU view**: *pinned*, the service had host cores of its own (listed) under its quota, the generator others; *shared*, the quota alone on any core. nproc and online are what the service saw inside its container. ⚠ pinned asked: the host (or driver) could not pin it, so it ran shared (docs/server-mode.md#cpu-views).",
    "- **CPU at ceiling**: cores the service kept busy in the confirming step, and their share of its CPU quota.",
    "- **$/hour**: under the cheaper billing mode Cloud Run allows for the size (below 1 vCPU request-based only), the other mode's cost beside it.",
    "- **p50/p95/p99**: latency of the confirming step at that ceiling, from each operation's intended send time: *publish* (until accepted), *request* (server mode: until the HTTP answer) or *end-to-end* (until each delivery to a subscriber). **peak / limit**: highest memory seen against the container limit.",
    "- **units**: in-container scenarios count messages (msg/s), server mode HTTP requests answered as expected (200–399 unless a request's expect says otherwise; req/s), or the unit its script declares (e.g. publishes/s).",
    "- **Errors in …** findings: the top causes of the failed step just above each ceiling and over all of a cell's steps (timeouts, resets, refused connections, closes before a response, protocol errors, oversized heads or bodies, unexpected statuses by code).",
    "- **eligible** cells: status ok, SLO met, ≥ 20% memory headroom, deployable on Cloud Run, within maxInstances. Wide and noisy cells are eligible but marked.",
    "- **cheapest / fastest / balanced**: lowest $/hour, lowest p99, or the best weighted mix of both among eligible cells, each under either billing mode.",
    "",
  ].join("\n");
}

/** The memory search's answer per cell (docs/reading-the-report.md#the-memory-search). */
function memorySection(report: SizingReport): string[] {
  const lines = memoryAnswerLines(report);
  if (lines.length === 0) return [];
  return [
    "## Smallest memory",
    "",
    ...lines.map((l) => (l.startsWith("  ") ? `  - ${l.trim()}` : `- ${l}`)),
    "",
  ];
}

function startup(ms: { median: number; min: number; max: number } | null): string {
  return ms ? `${fmt.ms(ms.median)} (${fmt.ms(ms.min)}–${fmt.ms(ms.max)})` : "–";
}

/** report.md's section for fixed-shape workloads (connection storm, backlog and drain): figures per cell. */
export function fixedShapeMarkdown(records: CellRecord[]): string {
  const workloads = fixedShapeFigures(records);
  if (workloads.length === 0) return "";
  const out = ["## Fixed-shape workloads", ""];
  for (const w of workloads) {
    const summary = workloadSummary(w);
    out.push(`### ${w.scenario}${summary ? `: ${summary.title.toLowerCase()}` : ""}`, "");
    if (summary)
      out.push(
        summary.note,
        "",
        row(summary.header),
        row(summary.header.map(() => "---")),
        ...summary.rows.map(row),
        "",
        "All figures:",
        "",
      );
    out.push(row(["figure", ...w.cells.map((c) => c.label)]), `|---|${w.cells.map(() => "---").join("|")}|`);
    out.push(row(["status", ...w.cells.map((c) => c.status)]));
    for (const name of w.figureNames)
      out.push(row([name, ...w.cells.map((c) => formatFigure(name, c.figures[name]))]));
    out.push(
      "",
      ...w.cells.filter((c) => c.status !== "ok").map((c) => `- ${c.cellId}: ${cellText(c.message)}`),
      ...w.cells.flatMap((c) =>
        c.timelineProblems.map((p) => `- ${c.cellId}: stored timeline unreadable (${cellText(p)})`),
      ),
      "",
    );
  }
  return out.join("\n");
}

/** report.md: the sizing, then the fixed-shape workloads' figures. */
export const markdownExporter: Exporter = {
  name: "reportMd",
  fileName: "report.md",
  applies: () => true,
  render: ({ report, records }) => `${reportMarkdown(report)}\n${fixedShapeMarkdown(records)}`,
};
