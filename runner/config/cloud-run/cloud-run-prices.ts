import { z } from "zod";

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
