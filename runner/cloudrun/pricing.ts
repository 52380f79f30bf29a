import { z } from "zod";
import { GIB } from "../units/units.ts";
import { requestBusyShare } from "./busy-share.ts";

// Cloud Run pricing: unit prices, billing modes, the cost of a size at a target, request-based billing's busy share.

/** When the default prices were read, and where: print this next to every cost. */
export const PRICES_DATED = "2026-11";
export const PRICES_SOURCE = "https://cloud.google.com/run/pricing";
/** Tier 2 request-based CPU price over tier 1 (0.0000336 / 0.000024): used to derive prices Google lists nowhere we read. */
export const TIER2_OVER_TIER1_RATIO = 1.4;

/** Unit prices in USD for one billing mode in one region tier. */
export const UnitPrices = z
  .object({
    vcpuSecondUsd: z.number().nonnegative(),
    gibSecondUsd: z.number().nonnegative(),
    millionRequestsUsd: z.number().nonnegative().describe("0 under instance-based billing"),
    idleVcpuSecondUsd: z
      .number()
      .nonnegative()
      .optional()
      .describe("request-based: an idle min-instance's vCPU-second (the day plan)"),
    idleGibSecondUsd: z
      .number()
      .nonnegative()
      .optional()
      .describe("request-based: an idle min-instance's GiB-second (the day plan)"),
  })
  .strict();
export type UnitPrices = z.infer<typeof UnitPrices>;

/** The full price grid; any entry may be overridden in matrix.yaml under cloudRun.prices. */
export const PriceGrid = z
  .object({
    tier1: z.object({ request: UnitPrices, instance: UnitPrices }).strict(),
    tier2: z.object({ request: UnitPrices, instance: UnitPrices }).strict(),
  })
  .strict();
export type PriceGrid = z.infer<typeof PriceGrid>;

/** Request-based idle min-instances, tier 1, from PRICES_SOURCE: CPU at about a tenth of the active rate, memory at it. */
const tier1Idle = { idleVcpuSecondUsd: 0.0000025, idleGibSecondUsd: 0.0000025 };
const tier1Instance = { vcpuSecondUsd: 0.000018, gibSecondUsd: 0.000002, millionRequestsUsd: 0 };

/** Defaults dated PRICES_DATED. Tier 2 instance-based is derived (tier 1 × 1.4), see DERIVED_PRICE_NOTES. */
export const DEFAULT_PRICES: PriceGrid = {
  tier1: {
    request: { vcpuSecondUsd: 0.000024, gibSecondUsd: 0.0000025, millionRequestsUsd: 0.4, ...tier1Idle },
    instance: tier1Instance,
  },
  tier2: {
    request: {
      vcpuSecondUsd: 0.0000336,
      gibSecondUsd: 0.0000035,
      millionRequestsUsd: 0.4,
      idleVcpuSecondUsd: tier1Idle.idleVcpuSecondUsd * TIER2_OVER_TIER1_RATIO,
      idleGibSecondUsd: tier1Idle.idleGibSecondUsd * TIER2_OVER_TIER1_RATIO,
    },
    instance: {
      vcpuSecondUsd: tier1Instance.vcpuSecondUsd * TIER2_OVER_TIER1_RATIO,
      gibSecondUsd: tier1Instance.gibSecondUsd * TIER2_OVER_TIER1_RATIO,
      millionRequestsUsd: 0,
    },
  },
};

export const DERIVED_PRICE_NOTES: Record<string, string> = {
  "tier2.request.idle": `tier 2 idle min-instance prices are derived: tier 1's × ${TIER2_OVER_TIER1_RATIO}; override cloudRun.prices.tier2.request.{idleVcpuSecondUsd,idleGibSecondUsd} with the figures from ${PRICES_SOURCE}`,
  "tier2.instance": `tier 2 instance-based prices are derived: tier 1 instance-based × ${TIER2_OVER_TIER1_RATIO} (the tier 2/tier 1 ratio of request-based CPU); override cloudRun.prices.tier2.instance with the figures from ${PRICES_SOURCE}`,
};

/** Cloud Run's two ways to bill CPU and memory: per request handled, or for the instance's whole life. */
export const BillingMode = z.enum(["request", "instance"]);
export type BillingMode = z.infer<typeof BillingMode>;

/** cloudRun.billing: auto prices both and recommends the cheaper; request or instance pins one. */
export const BillingSetting = z.enum(["auto", ...BillingMode.options]);
export type BillingSetting = z.infer<typeof BillingSetting>;

/** Below 1 vCPU Cloud Run takes request-based billing only (cloud.google.com/run/docs/configuring/billing-settings). */
export function allowedBillings(cpus: number, setting: BillingSetting): BillingMode[] {
  if (setting !== "auto") return [setting];
  return cpus < 1 ? ["request"] : ["request", "instance"];
}

/** The gcloud flag of a billing mode: --cpu-throttling is request-based, --no-cpu-throttling instance-based. */
export const throttlingFlag = (billing: BillingMode) =>
  billing === "request" ? "--cpu-throttling" : "--no-cpu-throttling";

/** The parts of the `cloudRun:` settings (config/cloud-run-settings.ts) that pricing reads. */
export interface PricingSettings {
  targetPerSec: number;
  regionTier: 1 | 2;
  billing: BillingSetting;
  egressUsdPerGiB?: number;
  prices?:
    | Partial<Record<"tier1" | "tier2", Partial<Record<BillingMode, Partial<UnitPrices>>> | undefined>>
    | undefined;
}

/** Unit prices for the settings' tier and one billing mode, defaults overlaid with overrides. */
export function resolveUnitPrices(settings: PricingSettings, billing: BillingMode): UnitPrices {
  const tierKey = settings.regionTier === 1 ? "tier1" : "tier2";
  const base = DEFAULT_PRICES[tierKey][billing];
  const override = settings.prices?.[tierKey]?.[billing] ?? {};
  return { ...base, ...override };
}

const SECONDS_PER_HOUR = 3600;

export interface CostEstimate {
  costPerHourUsd: number;
  costPerMillionMessagesUsd: number;
}

export interface CostInput {
  instances: number;
  cpus: number;
  memoryBytes: number;
  targetPerSec: number;
  billing: BillingMode;
  prices: UnitPrices;
  /** Request-based billing: the share of the hour an instance has a request in flight (requestBusyShare). */
  billedShare?: number;
  /** Response bytes per request, priced as egress at egressUsdPerGiB; null or absent: not counted. */
  egressBytesPerRequest?: number | null | undefined;
  egressUsdPerGiB?: number | undefined;
}

/** One instance-second of this size at these unit prices (CPU plus memory). */
export const instanceSecondUsd = (cpus: number, memoryBytes: number, prices: UnitPrices): number =>
  cpus * prices.vcpuSecondUsd + (memoryBytes / GIB) * prices.gibSecondUsd;

/**
 * Cost of running `instances` for an hour at the target rate. Instance-based billing charges every instance the
 * whole hour; request-based only `billedShare` of it (default all), plus a fee per request (one message = one request).
 */
export function estimateCost(input: CostInput): CostEstimate {
  const perInstanceSecond = instanceSecondUsd(input.cpus, input.memoryBytes, input.prices);
  const billed = input.billing === "request" ? (input.billedShare ?? 1) : 1;
  const computePerHour = input.instances * perInstanceSecond * SECONDS_PER_HOUR * billed;
  const messagesPerHour = input.targetPerSec * SECONDS_PER_HOUR;
  const requestsPerHour =
    input.billing === "request" ? (messagesPerHour / 1_000_000) * input.prices.millionRequestsUsd : 0;
  const egressPerHour =
    ((messagesPerHour * (input.egressBytesPerRequest ?? 0)) / GIB) * (input.egressUsdPerGiB ?? 0);
  const costPerHourUsd = computePerHour + requestsPerHour + egressPerHour;
  return { costPerHourUsd, costPerMillionMessagesUsd: costPerHourUsd / (messagesPerHour / 1_000_000) };
}

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
  egressBytesPerRequest?: number | null;
}

/** Prices a size under each billing mode Cloud Run allows for it and picks the cheaper at the target. */
export function priceBillings(size: PricedSize, settings: PricingSettings): BillingPrices {
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
      egressUsdPerGiB: settings.egressUsdPerGiB,
    });
  const [billing, cost] = (Object.entries(byBilling) as Array<[BillingMode, CostEstimate | null]>)
    .filter((entry): entry is [BillingMode, CostEstimate] => entry[1] !== null)
    .sort((a, b) => a[1].costPerHourUsd - b[1].costPerHourUsd)[0] as [BillingMode, CostEstimate];
  return { billing, cost, byBilling };
}
