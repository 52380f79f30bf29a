import type { SizingReport } from "../sizing/sizing-report.ts";
import { fmt } from "./fmt.ts";

/** The day plan as every exporter shows it: a headline, the per-size table, findings and assumptions. */
export interface DayPlanSummary {
  title: string;
  lines: string[];
  header: string[];
  rows: string[][];
  findings: string[];
  assumptions: string[];
}

const count = (n: number) => Math.round(n).toLocaleString("en-US");
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
