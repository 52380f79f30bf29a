import { billNotes, DAYS_PER_MONTH, HOURS_PER_MONTH } from "../../cloudrun/billing.ts";
import { DERIVED_PRICE_NOTES } from "../../cloudrun/pricing.ts";
import type { CloudRunSettings } from "../../config/cloud-run-settings.ts";

/** What the model assumes, in the words the reports print. */
export function dayPlanAssumptions(settings: CloudRunSettings, maxInstances: number): string[] {
  return [
    `instances each minute = Cloud Run's count for the last minute's average rate (its CPU is averaged over a minute): ${"manual" in settings.scaling ? `manual, ${settings.scaling.manual}` : `the larger of the CPU count (cpuTarget ${settings.scaling.cpuTarget}) and the concurrency count (concurrencyTarget ${settings.scaling.concurrencyTarget})`}, within min-instances and max-instances ${maxInstances}${settings.maxInstances === undefined ? " (cloudRun.maxInstances unset: Cloud Run's default 100, or the target's count if more; the gcloud line carries the same)" : ""}`,
    `an instance no longer needed idles ${settings.idleMinutes} min before it stops (our model; Cloud Run does not promise a figure)`,
    "a new instance serves only after the size's measured start-up; requests arriving while demand exceeds the ready instances × planning ceiling are cold-start exposed",
    "demand above the running instances × planning ceiling waits in a queue of up to 10 s of their capacity, then is refused (429), as Cloud Run does above max-instances; one rate per minute, linear between the profile's points; the profile repeats",
    `a month is ${HOURS_PER_MONTH} hours (${DAYS_PER_MONTH.toFixed(2)} days); instance-based bills every running instance-second, idle and starting included; request-based bills busy 100 ms slots, start-ups, the per-request fee and idle min-instances at the idle rate (tier 1 $0.0000025 per vCPU-second and GiB-second as we read the pricing page: unconfirmed, override cloudRun.prices.tier1.request.idle…)`,
    ...billNotes(settings),
    ...(settings.regionTier === 2 && !settings.prices?.tier2?.request?.idleVcpuSecondUsd
      ? [DERIVED_PRICE_NOTES["tier2.request.idle"] ?? ""]
      : []),
  ];
}
