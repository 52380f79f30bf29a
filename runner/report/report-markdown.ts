import type { ScenarioSizing, SizePick, SizingReport } from "../sizing/sizing-report.ts";
import { sectionTitle, variantComparisonMarkdown } from "./comparison-table.ts";
import { fmt } from "./fmt.ts";
import { type Measured, measureLabels } from "./measure-labels.ts";
import { missingCellsText } from "./missing-cells-text.ts";

const cellText = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");
const row = (cells: string[]) => `| ${cells.map(cellText).join(" | ")} |`;
const table = (header: string[], rows: string[][]) =>
  [row(header), row(header.map(() => "---")), ...rows.map(row)].join("\n");

function pickLine(p: SizePick, m: Measured): string[] {
  return [
    p.strategy,
    fmt.size(p),
    `${p.instances} (max ${p.maxInstances})`,
    fmt.usd(p.costPerHourUsd),
    fmt.usd(p.costPerMillionMessagesUsd),
    `${fmt.ms(p.p99AtCeilingMs)} ms`,
    `${measureLabels.rate(p.ceilingPerSec, m)}${p.noisy ? " (noisy)" : ""}`,
  ];
}

function scenarioSection(s: ScenarioSizing, report: SizingReport): string {
  const out = [`## ${sectionTitle(s)}`, ""];
  const rec = s.recommendation;
  if (rec) {
    out.push(
      `**Deploy ${fmt.size(rec)}** with ${rec.instances} instance${rec.instances === 1 ? "" : "s"} for ` +
        `${measureLabels.rate(report.settings.targetPerSec, s)} at ${measureLabels.p99(s)} ≤ ${s.sloP99Ms} ms: about ${fmt.usd(rec.costPerHourUsd)}/hour, ` +
        `${fmt.usd(rec.costPerMillionMessagesUsd)} per million ${measureLabels.noun(s)} (cheapest eligible).`,
      "",
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
          "instances",
          "$/hour",
          `$/M ${measureLabels.noun(s)}`,
          `${measureLabels.p99(s)} at ceiling`,
          "ceiling/instance",
        ],
        picks.map((p) => pickLine(p, s)),
      ),
      "",
    );
  if (s.findings.length > 0) out.push(...s.findings.map((f) => `- ${f}`), "");
  const served = s.cells.some((c) => typeof c.concurrency === "number");
  out.push(
    table(
      [
        "size",
        ...(served ? ["concurrency", "startup ms (min–max)"] : []),
        "status",
        `ceiling ${measureLabels.unit(s)} (min–max)`,
        "CV",
        "reps",
        measureLabels.percentiles(s),
        "peak / limit",
        "throttled s",
        "OOM",
        "instances",
        "$/hour",
        "--smol Δ ceiling/p99/mem",
        "verdict",
      ],
      s.cells.map((c) => [
        fmt.size(c),
        ...(served ? [String(c.concurrency ?? "–"), startup(c.startupMs ?? null)] : []),
        c.status,
        c.ceilingPerSec
          ? `${count(c.ceilingPerSec.median)} (${count(c.ceilingPerSec.min)}–${count(c.ceilingPerSec.max)})`
          : "–",
        [fmt.cv(c.ceilingPerSec), fmt.agreement(c)].filter(Boolean).join(" "),
        fmt.reps(c),
        `${fmt.ms(c.p50AtCeilingMs)} / ${fmt.ms(c.p95AtCeilingMs)} / ${fmt.ms(c.p99AtCeilingMs)}`,
        `${fmt.mib(c.peakMemoryBytes)} / ${fmt.mib(c.memoryBytes)} (${fmt.pct(c.memoryHeadroom)} free)`,
        c.throttledSeconds === null ? "–" : c.throttledSeconds.toFixed(2),
        `${c.oomRisk}${c.oomRepetitions + c.gcThrashRepetitions > 0 ? ` (${c.oomRepetitions} oom, ${c.gcThrashRepetitions} gc-thrash)` : ""}`,
        c.instances === null ? "–" : String(c.instances),
        fmt.usd(c.costPerHourUsd),
        c.smolDelta
          ? `${fmt.signedPct(c.smolDelta.ceilingPct)} / ${fmt.signedPct(c.smolDelta.p99Pct)} / ${fmt.signedPct(c.smolDelta.peakMemoryPct)}`
          : "",
        c.eligible ? "eligible" : c.ineligibleReasons.join("; "),
      ]),
    ),
    "",
  );
  return out.join("\n");
}

/** report.md: GitHub-flavoured Markdown, readable in a PR, a step summary or a terminal. */
export function reportMarkdown(report: SizingReport): string {
  const st = report.settings;
  const { searchCost } = report;
  const missing = missingCellsText(report);
  return [
    `# Cloud Run sizing: run ${report.runId}`,
    "",
    `Target **${fmt.rate(st.targetPerSec)}** at ${fmt.pct(st.utilizationTarget)} utilisation, ${st.billing}-based billing, ` +
      `region tier ${st.regionTier}, concurrency ${st.concurrency}, min ${st.minInstances} / max ${st.maxInstances ?? "unset"} instances. ` +
      `Prices dated ${report.pricesDated} (${report.pricesSource}): $${report.prices.vcpuSecondUsd}/vCPU-s, ` +
      `$${report.prices.gibSecondUsd}/GiB-s, $${report.prices.millionRequestsUsd}/M requests. Generated ${report.generatedAt}.`,
    "",
    ...(missing ? [`> **${missing}**`, ""] : []),
    ...(report.variantComparison ? [variantComparisonMarkdown(report.variantComparison)] : []),
    ...report.scenarios.map((s) => scenarioSection(s, report)),
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
    "- **ceiling**: the highest offered rate one instance sustained with p99 within the SLO (median over repetitions; min–max shows the spread; a repetition that confirmed no ceiling counts as 0).",
    "- **CV / reps**: the ceiling's coefficient of variation and the repetitions actually run; more run (up to `maxRepetitions`) while the CV is over 5%. A cell still over 5% **disagrees** and is never recommended.",
    "- **p50/p95/p99**: latency of the confirming step at that ceiling, from each operation's intended send time: *publish* (until accepted), *request* (server mode: until the HTTP answer) or *end-to-end* (until each delivery to a subscriber). **peak / limit**: highest memory seen against the container limit.",
    "- **units**: in-container scenarios count messages (msg/s), server mode HTTP requests answered 2xx (req/s), or the unit its script declares (e.g. publishes/s).",
    "- **eligible** cells: status ok, SLO met, ≥ 20% memory headroom, deployable on Cloud Run, within maxInstances. Noisy cells are eligible but marked.",
    "- **cheapest / fastest / balanced**: lowest $/hour, lowest p99, or the best weighted mix of both among eligible cells.",
    "",
  ].join("\n");
}

const count = (n: number) => Math.round(n).toLocaleString("en-US");

function startup(ms: { median: number; min: number; max: number } | null): string {
  return ms ? `${fmt.ms(ms.median)} (${fmt.ms(ms.min)}–${fmt.ms(ms.max)})` : "–";
}
