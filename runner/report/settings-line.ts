import type { SizingReport } from "../sizing/sizing-report.ts";
import { fmt } from "./fmt.ts";

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
    `Target ${fmt.rate(st.targetPerSec)} at ${fmt.pct(st.utilizationTarget)} utilisation, ${billingText(report)}, ` +
    `region tier ${st.regionTier}, ${concurrencyText(report)}, instances ${st.minInstances}–${st.maxInstances ?? "∞"}. ` +
    `Prices dated ${report.pricesDated} (${report.pricesSource}): ${pricesText(report)}. Generated ${report.generatedAt}.`
  );
}
