import type { DriverRates, ScalingDriver, ScalingSetting } from "../cloudrun/autoscaler.ts";
import type { MonthlyBill } from "../cloudrun/billing.ts";
import { HOURS_PER_MONTH } from "../cloudrun/billing.ts";

const usd = (value: number) => `$${value.toFixed(2)}`;

/** A month's bill as one line: instance time, requests, egress, the free tier and the total. */
export function billLine(bill: MonthlyBill, label: string, egressUsdPerGiB: number): string {
  const egress =
    bill.egressUsd === null || bill.egressGiB === null
      ? "egress not measured (no response bytes counted)"
      : egressUsdPerGiB === 0
        ? "egress not priced (cloudRun.egressUsdPerGiB 0)"
        : `egress ${usd(bill.egressUsd)} (${bill.egressGiB.toLocaleString("en-US", { maximumFractionDigits: 1 })} GiB at $${egressUsdPerGiB}/GiB)`;
  const free = bill.freeTierApplied
    ? `free tier −${usd(bill.freeTierUsd)} (taken off: cloudRun.freeTier)`
    : `free tier would take off ${usd(bill.freeTierUsd)} (cloudRun.freeTier is off)`;
  return (
    `Month (${HOURS_PER_MONTH} h), ${bill.billing}-based, ${label}: instances ${usd(bill.instancesUsd)} · ` +
    `requests ${usd(bill.requestsUsd)} · ${egress} · ${free} · total ${usd(bill.totalUsd)}`
  );
}

const DRIVER_NAMES: Record<ScalingDriver, string> = {
  cpu: "CPU",
  concurrency: "concurrency",
  ceiling: "SLO ceiling",
  manual: "manual",
};

/** Which of Cloud Run's rules set the count, minutes a day, and the one at the peak. */
export function driverLine(minutes: Partial<Record<ScalingDriver, number>>, peak: ScalingDriver): string {
  const parts = (Object.entries(minutes) as Array<[ScalingDriver, number]>)
    .filter(([, m]) => m > 0)
    .map(([d, m]) => `${DRIVER_NAMES[d]} ${Math.round(m).toLocaleString("en-US")} min`);
  return `Instance count set by Cloud Run's ${DRIVER_NAMES[peak]} rule at the peak${parts.length > 0 ? ` (a day: ${parts.join(", ")})` : ""}.`;
}

const rate = (perSec: number | null) =>
  perSec === null ? "never" : `${Math.round(perSec).toLocaleString("en-US")}/s`;

/** How the whole-service count was reached, naming the binding rule (older files: the count alone). */
export function countLine(
  rec: { instances: number; targetPerSec: number; scalingDriver?: ScalingDriver; driverRates?: DriverRates },
  scaling: ScalingSetting | undefined,
): string {
  const driver = rec.scalingDriver;
  if (!driver) return `Instances: ${rec.instances}.`;
  if (driver === "manual")
    return `Instances: ${rec.instances}, fixed by manual scaling (cloudRun.scaling.manual).`;
  const r = rec.driverRates;
  const targets = scaling && !("manual" in scaling) ? scaling : { cpuTarget: 0.6, concurrencyTarget: 0.6 };
  const how = r
    ? `: one instance reaches ${targets.cpuTarget} of its CPU at ${rate(r.cpuPerSec)} and ${targets.concurrencyTarget} of ` +
      `its concurrency in flight at ${rate(r.concurrencyPerSec)} (its SLO ceiling ${rate(r.ceilingPerSec)})`
    : "";
  return `Instances: ${rec.instances}, set by Cloud Run's ${DRIVER_NAMES[driver]} rule at ${Math.round(rec.targetPerSec).toLocaleString("en-US")}/s${how}.`;
}

/** " (the concurrency rule binds)", after a count; empty for older files. */
export const driverSuffix = (driver: ScalingDriver | undefined | null) =>
  driver
    ? ` (${driver === "manual" ? "manual scaling" : `Cloud Run's ${DRIVER_NAMES[driver]} rule binds`})`
    : "";

/** What egress the hourly cost carries: the measured response bytes at the configured price. */
export function egressLine(bytesPerRequest: number | null, usdPerGiB: number): string {
  if (bytesPerRequest === null) return "Egress not priced: no response bytes were counted for the mix.";
  const bytes = `${Math.round(bytesPerRequest).toLocaleString("en-US")} bytes a response (measured)`;
  return usdPerGiB > 0
    ? `Egress in the cost: ${bytes} at $${usdPerGiB}/GiB (cloudRun.egressUsdPerGiB).`
    : `Egress not priced (cloudRun.egressUsdPerGiB 0): ${bytes}.`;
}

/** The settings line's words for cloudRun.scaling (absent in older files: Cloud Run's defaults). */
export function scalingText(scaling: ScalingSetting | undefined): string {
  if (scaling && "manual" in scaling) return `manual scaling, ${scaling.manual} instances`;
  const t = scaling ?? { cpuTarget: 0.6, concurrencyTarget: 0.6 };
  return `Cloud Run scaling at ${Math.round(t.cpuTarget * 100)}% CPU and ${Math.round(t.concurrencyTarget * 100)}% concurrency`;
}
