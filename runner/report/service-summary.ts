import type { CellSizing } from "../sizing/cell-sizing.ts";
import type { SizingReport } from "../sizing/sizing-report.ts";
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
      `concurrency ${rec.concurrency}, ${rec.billing}-based billing`,
    lines: [
      `Serves ${count(rec.targetPerSec)}/s of the mix for about ${fmt.usd(rec.costPerHourUsd)}/hour; ${otherText}.`,
      `One instance carries ${count(rec.mixedCapacityPerSec)}/s of the mix (its planning capacity); ` +
        `instances = ceil(target ÷ (${count(rec.mixedCapacityPerSec)} × ${report.settings.utilizationTarget})).`,
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
