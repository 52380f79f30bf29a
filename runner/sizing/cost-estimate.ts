import type { UnitPrices } from "./cloud-run-prices.ts";

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
  billing: "request" | "instance";
  prices: UnitPrices;
}

/**
 * Cost of running `instances` busy for an hour at the target rate. Assumes every instance is billed the whole
 * hour (at peak they never idle) and, under request-based billing, one message = one request.
 */
export function estimateCost(input: CostInput): CostEstimate {
  const perInstanceSecond =
    input.cpus * input.prices.vcpuSecondUsd + (input.memoryBytes / GIB) * input.prices.gibSecondUsd;
  const computePerHour = input.instances * perInstanceSecond * SECONDS_PER_HOUR;
  const messagesPerHour = input.targetPerSec * SECONDS_PER_HOUR;
  const requestsPerHour =
    input.billing === "request" ? (messagesPerHour / 1_000_000) * input.prices.millionRequestsUsd : 0;
  const costPerHourUsd = computePerHour + requestsPerHour;
  return { costPerHourUsd, costPerMillionMessagesUsd: costPerHourUsd / (messagesPerHour / 1_000_000) };
}
