import { allowedBillings, type BillingMode } from "../config/cloud-run/billing-mode.ts";
import { type CloudRunSettings, resolveUnitPrices } from "../config/cloud-run/cloud-run-settings.ts";
import { type CostEstimate, estimateCost } from "./cost-estimate.ts";
import { requestBusyShare } from "./request-busy-share.ts";

export interface BillingPrices {
  /** The cheaper allowed mode (the pinned one when cloudRun.billing pins it). */
  billing: BillingMode;
  cost: CostEstimate;
  /** Every mode priced; null where Cloud Run does not allow it for this size (or the setting pins the other). */
  byBilling: Record<BillingMode, CostEstimate | null>;
}

export interface PricedSize {
  cpus: number;
  memoryBytes: number;
  instances: number;
  ceilingPerSec: number;
  p50Ms: number | null;
  concurrency: number;
}

/** Prices a size under each billing mode Cloud Run allows for it and picks the cheaper at the target. */
export function priceBillings(size: PricedSize, settings: CloudRunSettings): BillingPrices {
  const byBilling: Record<BillingMode, CostEstimate | null> = { request: null, instance: null };
  const billedShare = requestBusyShare({
    perInstancePerSec: settings.targetPerSec / size.instances,
    ceilingPerSec: size.ceilingPerSec,
    p50Ms: size.p50Ms,
    concurrency: size.concurrency,
  });
  for (const billing of allowedBillings(size.cpus, settings.billing))
    byBilling[billing] = estimateCost({
      ...size,
      targetPerSec: settings.targetPerSec,
      billing,
      prices: resolveUnitPrices(settings, billing),
      billedShare,
    });
  const [billing, cost] = (Object.entries(byBilling) as Array<[BillingMode, CostEstimate | null]>)
    .filter((entry): entry is [BillingMode, CostEstimate] => entry[1] !== null)
    .sort((a, b) => a[1].costPerHourUsd - b[1].costPerHourUsd)[0] as [BillingMode, CostEstimate];
  return { billing, cost, byBilling };
}
