/** The sections every format shows (service, day plan, calibration, generator budget, settings, missing cells). */

import type { CellSizing } from "../sizing/cell-sizing.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";
import { billLine, countLine, driverLine, driverSuffix, egressLine, scalingText } from "./bill-lines.ts";
import { fmt } from "./fmt.ts";

/** The whole-service answer, formatted once for the terminal, Markdown and HTML. */
export interface ServiceSummary {
  recommended: boolean;
  title: string;
  lines: string[];
  warnings: string[];
  gcloud: string | null;
  header: string[];
  rows: string[][];
  findings: string[];
}

const count = (n: number) => Math.round(n).toLocaleString("en-US");

/** null for sizing files written before the service answer existed. */
export function serviceSummary(report: SizingReport): ServiceSummary | null {
  const rec = report.serviceRecommendation;
  const findings = report.serviceFindings ?? [];
  if (rec === undefined) return null;
  if (rec === null)
    return {
      recommended: false,
      title: "No single size can be recommended for the whole service",
      lines: [],
      warnings: [],
      gcloud: null,
      header: [],
      rows: [],
      findings,
    };
  const cells = new Map<string, CellSizing>(
    report.scenarios.flatMap((s) => s.cells.map((c) => [c.cellId, c])),
  );
  const other = rec.billing === "request" ? "instance" : "request";
  const otherText =
    rec.otherBillingCostPerHourUsd === null
      ? rec.cpus < 1
        ? "below 1 vCPU Cloud Run allows request-based billing only"
        : `cloudRun.billing pins ${rec.billing}-based billing`
      : `${other}-based billing would cost ${fmt.usd(rec.otherBillingCostPerHourUsd)}/hour`;
  const rows = rec.workloads.map((w) => {
    const c = cells.get(w.cellId);
    return [
      w.scenario,
      `${(w.share * 100).toFixed(0)}%`,
      `${count(w.planningCeilingPerSec)}${w.wide ? " (wide: lowest)" : ""}`,
      c ? fmt.spread(c) : "–",
      c ? fmt.cpuAtCeiling(c) : "–",
      String(rec.concurrency),
      fmt.ms(c?.startupMs?.median ?? null),
      w.contendedRepetitions > 0 ? `${w.contendedRepetitions}/${w.repetitions}` : "0",
    ];
  });
  return {
    recommended: true,
    title:
      `Deploy the whole service at ${fmt.size(rec)} × ${rec.instances} instance${rec.instances === 1 ? "" : "s"}, ` +
      `concurrency ${rec.concurrency}, ${rec.billing}-based billing${driverSuffix(rec.scalingDriver)}`,
    lines: [
      `Serves ${count(rec.targetPerSec)}/s of the mix for about ${fmt.usd(rec.costPerHourUsd)}/hour; ${otherText}.`,
      `One instance carries ${count(rec.mixedCapacityPerSec)}/s of the mix (its planning capacity).`,
      countLine(rec, report.settings.scaling),
      egressLine(rec.egressBytesPerRequest ?? null, report.settings.egressUsdPerGiB ?? 0),
      ...(rec.scalingNote ? [`Set ${rec.scalingNote}.`] : []),
    ],
    warnings: rec.warnings,
    gcloud: rec.gcloud,
    header: [
      "scenario",
      "share",
      "planning ceiling/s",
      "spread (min–max, CV)",
      "CPU at ceiling (cores, quota)",
      "concurrency",
      "startup ms",
      "contended reps",
    ],
    rows,
    findings,
  };
}

/** The day plan as every exporter shows it: a headline, the per-size table, findings and assumptions. */
export interface DayPlanSummary {
  title: string;
  lines: string[];
  header: string[];
  rows: string[][];
  findings: string[];
  assumptions: string[];
}

const share = (fraction: number) =>
  fraction === 0
    ? "0%"
    : fraction < 0.0001
      ? `${(fraction * 100).toFixed(4)}%`
      : `${(fraction * 100).toFixed(2)}%`;
const starts = (n: number) => `${n.toFixed(0)} cold start${n.toFixed(0) === "1" ? "" : "s"} a day`;
const month = (value: number | null) => (value === null ? "–" : `${fmt.usd(value)}/mo`);

export const DAY_PLAN_HEADER = [
  "size",
  "startup ms",
  "instance-h/day",
  "peak inst.",
  "cold starts/day",
  "exposed requests/day",
  "exposed share",
  "overload min/day",
  "instance-based",
  "request-based",
];

export function dayPlanSummary(report: SizingReport): DayPlanSummary | null {
  const plan = report.dayPlan;
  if (!plan) return null;
  const rec = plan.recommended;
  const days = plan.days === 1 ? "one day" : `${plan.days} days`;
  const lines = [
    `Traffic: ${plan.source} (${days}, repeating): ${count(plan.requestsPerDay)} requests a day, peak ${fmt.rate(plan.peakPerSec)}; ` +
      `max-instances ${plan.maxInstances}, idle instances kept ${plan.idleMinutes} min, cold-start exposure allowed ${share(plan.maxColdStartExposure)}.`,
  ];
  const recSize = plan.sizes.find((s) => s.size === rec?.size);
  if (rec) {
    const zero = rec.withoutMinInstances;
    lines.push(
      `Recommended: ${rec.size}, ${rec.billing}-based billing, min-instances ${rec.minInstances}: about ${fmt.usd(rec.monthlyCostUsd)} a month, ` +
        `${share(rec.coldStartExposedShare)} of requests cold-start exposed.`,
      rec.minInstances === 0
        ? `min-instances 0 already keeps exposure within ${share(plan.maxColdStartExposure)} (${fmt.usd(zero.monthlyCostUsd)}/month, ${starts(zero.coldStartsPerDay)}).`
        : `Against min-instances 0 (${fmt.usd(zero.monthlyCostUsd)}/month, ${share(zero.coldStartExposedShare)} exposed, ${starts(zero.coldStartsPerDay)}): ` +
            `min-instances ${rec.minInstances} adds ${fmt.usd(rec.extraMonthlyCostUsd)} a month.`,
    );
    const egress = report.settings.egressUsdPerGiB ?? 0;
    if (rec.bill) lines.push(billLine(rec.bill, `min-instances ${rec.minInstances}`, egress));
    const other = recSize?.bills?.[rec.billing === "request" ? "instance" : "request"];
    if (other) lines.push(billLine(other, `min-instances ${report.settings.minInstances}`, egress));
    if (recSize?.driverMinutes && recSize.peakDriver)
      lines.push(driverLine(recSize.driverMinutes, recSize.peakDriver));
  }
  const rows = plan.sizes.map((s) => [
    s.size,
    fmt.ms(s.startupMs),
    s.instanceHoursPerDay.toFixed(1),
    String(s.peakInstances),
    s.coldStartsPerDay.toFixed(0),
    count(s.exposedRequestsPerDay),
    share(s.coldStartExposedShare),
    s.overloadMinutes === 0 ? "0" : `${s.overloadMinutes.toFixed(0)} (${share(s.shedShare)} shed)`,
    month(s.monthlyCostUsd.instance),
    month(s.monthlyCostUsd.request),
  ]);
  return {
    title: rec
      ? `Day plan: ${rec.size}, ${rec.billing}-based, min-instances ${rec.minInstances}, about ${fmt.usd(rec.monthlyCostUsd)} a month`
      : plan.sizes.length === 0
        ? "Day plan: none, as no size serves the whole service"
        : "Day plan: no size serves this traffic without overload",
    lines,
    header: DAY_PLAN_HEADER,
    rows,
    findings: plan.findings,
    assumptions: plan.assumptions,
  };
}

export const CALIBRATION_HEADER = [
  "cell",
  "local ceiling",
  "Cloud Run ceiling",
  "ratio applied",
  "source (file, date, environment)",
  "how",
];

/** One row: a calibrated cell, or a cell cloudRun.targetProbe converted or left as measured. */
function row(c: CellSizing, report: SizingReport): string[] {
  if (c.calibration) {
    const k = c.calibration;
    return [
      c.cellId,
      fmt.rate(c.localPlanningCeilingPerSec ?? null),
      fmt.rate(c.planningCeilingPerSec ?? null),
      k.applied
        ? `× ${k.appliedRatio.toFixed(3)}${k.probeScale === null ? "" : ` (${k.ratio.toFixed(3)} × probe ${k.probeScale.toFixed(3)})`}`
        : `not applied (× ${k.ratio.toFixed(3)} measured)`,
      `${k.file}, ${k.takenAt.slice(0, 10)}, ${k.executionEnvironment ?? "environment not stated"}`,
      k.note,
    ];
  }
  const p = c.probeConversion;
  const target = report.settings.targetProbe;
  return [
    c.cellId,
    fmt.rate(c.localPlanningCeilingPerSec ?? c.planningCeilingPerSec ?? null),
    fmt.rate(c.planningCeilingPerSec ?? null),
    p?.factor ? `× ${p.factor.toFixed(3)}` : "–",
    target ? `cloudRun.targetProbe ${target.composite} (${target.executionEnvironment})` : "–",
    p?.note ?? "",
  ];
}

/**
 * Local and Cloud Run ceilings side by side, one row per calibrated or probe-converted cell, for every exporter;
 * null: no cell has either.
 */
export function calibrationSummary(
  report: SizingReport,
): { title: string; rows: string[][]; note: string } | null {
  const cells = report.scenarios.flatMap((s) => s.cells).filter((c) => c.calibration || c.probeConversion);
  if (cells.length === 0) return null;
  return {
    title: "Cloud Run calibration",
    rows: cells.map((c) => row(c, report)),
    note: "Instances and cost stand on the Cloud Run ceiling: this host's planning ceiling × the revision ÷ local ratio measured by `bun runner/matrix.ts calibrate`, or, without a calibration, a CPU-bound cell converted by cloudRun.targetProbe ÷ this run's probe (docs/calibrate.md). `--no-calibration` plans on the local figures.",
  };
}

export const GENERATOR_BUDGET_HEADER = [
  "offered/s",
  "achieved/s",
  "generator CPU µs/request",
  "own p99 ms",
  "send lag p99 ms",
];

/** The generator's error budget: what it costs and adds per offered rate against a trivial handler; null: no server mode. */
export function generatorBudget(
  report: SizingReport,
): { title: string; rows: string[][]; note: string } | null {
  const generator = report.loadGenerator;
  if (!generator) return null;
  const points = generator.calibration ?? [];
  return {
    title: `Load generator: ${generator.name} ${generator.version}`,
    rows: points.map((p) => [
      p.offeredPerSec.toFixed(0),
      p.achievedPerSec.toFixed(0),
      p.generatorCpuMicrosPerRequest.toFixed(1),
      p.p99Ms.toFixed(2),
      p.sendLagP99Ms.toFixed(2),
    ]),
    note:
      points.length === 0
        ? "No calibration was recorded for it."
        : "Calibrated on this host against a trivial handler: its own CPU per request and the p99 it adds. A cell's latency within a few times this p99 is near the instrument's floor; every cell's steps are also judged on the generator's send lag, CPU and turnaround, and the host's other load.",
  };
}

type Prices = { vcpuSecondUsd: number; gibSecondUsd: number; millionRequestsUsd: number };
const priceText = (p: Prices, requests: boolean) =>
  `$${p.vcpuSecondUsd}/vCPU-s, $${p.gibSecondUsd}/GiB-s${requests ? `, $${p.millionRequestsUsd}/M requests` : ""}`;

/** The concurrency the cells ran with, read from the cells (server mode measures it per cell), else the setting. */
export function concurrencyText(report: SizingReport): string {
  const byConcurrency = new Map<number, Set<number>>();
  for (const c of report.scenarios.flatMap((s) => s.cells))
    if (typeof c.concurrency === "number")
      byConcurrency.set(c.concurrency, (byConcurrency.get(c.concurrency) ?? new Set()).add(c.cpus));
  if (byConcurrency.size === 0) return `concurrency ${report.settings.concurrency}`;
  const parts = [...byConcurrency]
    .sort(([a], [b]) => a - b)
    .map(([conc, cpus]) => `${conc} (${[...cpus].sort((a, b) => a - b).join(", ")} vCPU)`);
  return `concurrency as measured: ${parts.join(", ")}`;
}

/** The billing setting in words: auto compares both modes per size. */
export function billingText(report: SizingReport): string {
  const b = report.settings.billing;
  return b === "auto" || b === undefined
    ? "billing: the cheaper of request- and instance-based per size (below 1 vCPU request-based only)"
    : `${b}-based billing (pinned by cloudRun.billing)`;
}

/** Unit prices for the header: both modes (schemaVersion 2) or the one mode an older file carries. */
export function pricesText(report: SizingReport): string {
  const p = report.prices;
  if ("request" in p)
    return `request-based ${priceText(p.request, true)}; instance-based ${priceText(p.instance, false)}`;
  return priceText(p, true);
}

/** The header sentence every report starts with (terminal, Markdown and HTML). */
export function settingsLine(report: SizingReport): string {
  const st = report.settings;
  return (
    `Target ${fmt.rate(st.targetPerSec)}, ${scalingText(st.scaling)}, ${billingText(report)}, ` +
    `region tier ${st.regionTier}, ${concurrencyText(report)}, instances ${st.minInstances}–${st.maxInstances ?? "100 (Cloud Run's default)"}. ` +
    `Prices dated ${report.pricesDated} (${report.pricesSource}): ${pricesText(report)}. Generated ${report.generatedAt}.`
  );
}

/** Shown at most this many missing cell ids; the count covers the rest. */
const MAX_LISTED_CELLS = 5;

/** The warning every view shows for a run with planned cells that have no record yet; null for a whole run. */
export function missingCellsText(report: SizingReport): string | null {
  const missing = report.missingCellIds ?? [];
  if (missing.length === 0) return null;
  const listed = missing.slice(0, MAX_LISTED_CELLS).join(", ");
  const more = missing.length > MAX_LISTED_CELLS ? ` and ${missing.length - MAX_LISTED_CELLS} more` : "";
  return (
    `Incomplete run: ${missing.length} planned cell(s) have no result (${listed}${more}); the tables and picks cover ` +
    `only the measured cells. Finish it with \`bun runner/matrix.ts --resume ${report.runId}\` (and the same --out).`
  );
}
