import type { BillingMode } from "../config/cloud-run/billing-mode.ts";
import type { UnitPrices } from "../config/cloud-run/cloud-run-prices.ts";

const GIB = 1024 ** 3;
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
  /** Request-based billing: the share of the hour an instance has a request in flight (request-busy-share.ts). */
  billedShare?: number;
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
  const costPerHourUsd = computePerHour + requestsPerHour;
  return { costPerHourUsd, costPerMillionMessagesUsd: costPerHourUsd / (messagesPerHour / 1_000_000) };
}
