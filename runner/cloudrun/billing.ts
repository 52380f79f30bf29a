import { z } from "zod";
import { GIB } from "../units/units.ts";
import type { DaySimulation, DaySize } from "./autoscaling-model.ts";
import { BILLING_ROUND_SECONDS } from "./busy-share.ts";
import {
  type BillingMode,
  DEFAULT_PRICES,
  instanceSecondUsd,
  PRICES_SOURCE,
  type UnitPrices,
} from "./pricing.ts";

/**
 * A month's bill as Cloud Run's pricing page states it: instance time, the request fee, egress, and what the free
 * tier would take off. Pure arithmetic on one period of usage.
 */

/** Google's pricing calculator takes a month as 730 hours. */
export const HOURS_PER_MONTH = 730;
export const DAYS_PER_MONTH = HOURS_PER_MONTH / 24;

/**
 * Internet egress, USD per GiB: Premium Tier, the first TiB a month from North America
 * (cloud.google.com/vpc/network-pricing, which Cloud Run's pricing page points to), dated PRICES_DATED.
 */
export const DEFAULT_EGRESS_USD_PER_GIB = 0.12;
export const EGRESS_SOURCE = "https://cloud.google.com/vpc/network-pricing";

/** The free tier per billing account and month, applied as a discount at tier 1 prices (PRICES_SOURCE). */
export const FREE_TIER = {
  request: { vcpuSeconds: 180_000, gibSeconds: 360_000, requests: 2_000_000 },
  instance: { vcpuSeconds: 240_000, gibSeconds: 450_000, requests: 0 },
  egressGiB: 1,
} as const;

/** What one period of a profile used, in the units Cloud Run bills. */
export interface PeriodUsage {
  days: number;
  cpus: number;
  memoryBytes: number;
  /** Instance-seconds billed at the active rate (instance-based: all of them; request-based: busy and starting). */
  activeSeconds: number;
  /** Request-based only: idle min-instance seconds, at the idle rate. */
  idleSeconds: number;
  requests: number;
  /** Bytes sent back to clients; null when not measured. */
  egressBytes: number | null;
}

export interface BillSettings {
  egressUsdPerGiB: number;
  freeTier: boolean;
}

export const MonthlyBill = z
  .object({
    billing: z.enum(["request", "instance"]),
    instancesUsd: z
      .number()
      .describe("CPU and memory of instance time (idle min-instances at the idle rate)"),
    requestsUsd: z.number().describe("the per-request fee; 0 under instance-based billing"),
    egressUsd: z.number().nullable().describe("null: response bytes not measured"),
    egressGiB: z.number().nullable(),
    freeTierUsd: z
      .number()
      .describe("what the free tier takes off (or would, when cloudRun.freeTier is off)"),
    freeTierApplied: z.boolean(),
    totalUsd: z.number(),
  })
  .strict();
export type MonthlyBill = z.infer<typeof MonthlyBill>;

/**
 * One period's billed usage in a billing mode: instance-based every running instance-second; request-based the busy
 * slots (requestBusyShare), start-ups, and idle min-instances apart (their own rate).
 */
export function periodUsage(
  sim: DaySimulation,
  size: DaySize,
  billing: BillingMode,
  days: number,
): PeriodUsage {
  const instance = billing === "instance";
  return {
    days,
    cpus: size.cpus,
    memoryBytes: size.memoryBytes,
    activeSeconds: instance ? sim.instanceMinutes * 60 : sim.busySeconds + sim.startingSeconds,
    idleSeconds: instance ? 0 : sim.idleFloorSeconds,
    requests: sim.servedRequests,
    egressBytes: size.egressBytesPerRequest === null ? null : sim.servedRequests * size.egressBytesPerRequest,
  };
}

const perMonth = (perPeriod: number, days: number) => (perPeriod / days) * DAYS_PER_MONTH;

/** One month of a period's usage: each line at list prices, then the free tier (taken off only when it is on). */
export function monthlyBill(
  usage: PeriodUsage,
  billing: BillingMode,
  prices: UnitPrices,
  settings: BillSettings,
): MonthlyBill {
  const active = perMonth(usage.activeSeconds, usage.days);
  const idle = perMonth(usage.idleSeconds, usage.days);
  const requests = perMonth(usage.requests, usage.days);
  const idlePrices = {
    ...prices,
    vcpuSecondUsd: prices.idleVcpuSecondUsd ?? prices.vcpuSecondUsd,
    gibSecondUsd: prices.idleGibSecondUsd ?? prices.gibSecondUsd,
  };
  const instancesUsd =
    active * instanceSecondUsd(usage.cpus, usage.memoryBytes, prices) +
    (billing === "request" ? idle * instanceSecondUsd(usage.cpus, usage.memoryBytes, idlePrices) : 0);
  const requestsUsd = billing === "request" ? (requests / 1_000_000) * prices.millionRequestsUsd : 0;
  const egressGiB = usage.egressBytes === null ? null : perMonth(usage.egressBytes, usage.days) / GIB;
  const egressUsd = egressGiB === null ? null : egressGiB * settings.egressUsdPerGiB;
  const free = FREE_TIER[billing];
  const tier1 = DEFAULT_PRICES.tier1[billing];
  const vcpuSeconds = (active + (billing === "request" ? idle : 0)) * usage.cpus;
  const gibSeconds = (active + (billing === "request" ? idle : 0)) * (usage.memoryBytes / GIB);
  const freeTierUsd = Math.min(
    instancesUsd + requestsUsd + (egressUsd ?? 0),
    Math.min(vcpuSeconds, free.vcpuSeconds) * tier1.vcpuSecondUsd +
      Math.min(gibSeconds, free.gibSeconds) * tier1.gibSecondUsd +
      Math.min(requests, free.requests) * (tier1.millionRequestsUsd / 1_000_000) +
      Math.min(egressGiB ?? 0, FREE_TIER.egressGiB) * settings.egressUsdPerGiB,
  );
  const listUsd = instancesUsd + requestsUsd + (egressUsd ?? 0);
  return {
    billing,
    instancesUsd,
    requestsUsd,
    egressUsd,
    egressGiB,
    freeTierUsd,
    freeTierApplied: settings.freeTier,
    totalUsd: settings.freeTier ? listUsd - freeTierUsd : listUsd,
  };
}

/** The bill's sources and readings, as the reports print them. */
export function billNotes(settings: BillSettings): string[] {
  return [
    `a month is ${HOURS_PER_MONTH} hours (Google's pricing calculator); prices from ${PRICES_SOURCE}`,
    `request-based instance time is counted in ${BILLING_ROUND_SECONDS * 1000} ms slots, a slot with any request in flight billed whole (the pricing page rounds usage up to 100 ms)`,
    settings.egressUsdPerGiB > 0
      ? `egress at $${settings.egressUsdPerGiB}/GiB (cloudRun.egressUsdPerGiB; Premium Tier internet egress, ${EGRESS_SOURCE}), every response byte counted as leaving Google's network`
      : "egress not priced (cloudRun.egressUsdPerGiB: 0)",
    settings.freeTier
      ? "the free tier is taken off (cloudRun.freeTier: true): one service using the billing account's whole monthly allowance"
      : "the free tier is not taken off (cloudRun.freeTier: false); the free-tier line says what it would take off",
  ];
}
