import { z } from "zod";
import {
  type DaySimulation,
  type DaySize,
  periodCostUsd,
  type ScalingSettings,
  simulateDay,
} from "../../cloudrun/autoscaling-model.ts";
import { CLOUD_RUN_LIMITS } from "../../cloudrun/cloud-run-limits.ts";
import {
  allowedBillings,
  BillingMode,
  DERIVED_PRICE_NOTES,
  resolveUnitPrices,
} from "../../cloudrun/pricing.ts";
import type { CloudRunSettings } from "../../config/cloud-run-settings.ts";
import { MINUTES_PER_DAY, type TrafficProfile } from "../../config/traffic-profile.ts";
import { sizeLabel } from "../../units/units.ts";
import { cellsBySize, mixedCapacity, trafficShares } from "../recommend-service.ts";
import { cellConcurrency } from "../size-cell.ts";
import type { ScenarioSizing } from "../sizing-report.ts";

/**
 * The day plan: a traffic profile through a minute-by-minute model of Cloud Run's autoscaler, for every size that
 * serves the whole service, with instance-hours, cold starts, overload and a 30-day bill in both billing modes.
 * Pure: finished sizing in, numbers out.
 */
export const DAYS_PER_MONTH = 30;
const SECONDS_PER_MINUTE = 60;
const MAX_TIMELINE_POINTS = MINUTES_PER_DAY;

const usd = z
  .number()
  .nullable()
  .describe("null where Cloud Run (or cloudRun.billing) does not allow the mode");

export const DayPlanSize = z
  .object({
    size: z.string().describe('"1 vCPU / 512 MiB"'),
    cpus: z.number(),
    memoryBytes: z.number(),
    smol: z.boolean(),
    concurrency: z.number().int(),
    planningCeilingPerSec: z.number().describe("one instance's capacity for the service's mix"),
    startupMs: z
      .number()
      .nullable()
      .describe("the slowest measured start-up (median) of its cells; null: unmeasured"),
    instanceHoursPerDay: z.number(),
    peakInstances: z.number().int(),
    coldStartsPerDay: z.number(),
    coldStartExposedShare: z
      .number()
      .describe("share of requests arriving while demand exceeds ready capacity"),
    exposedRequestsPerDay: z.number(),
    exposedMinutesPerDay: z.number(),
    overloadMinutes: z.number().describe("minutes a day demand needs more than maxInstances"),
    shedShare: z.number().describe("share of requests above maxInstances × planning ceiling"),
    monthlyCostUsd: z.object({ instance: usd, request: usd }).strict(),
  })
  .strict();
export type DayPlanSize = z.infer<typeof DayPlanSize>;

export const DayPlan = z
  .object({
    source: z.string().describe("cloudRun.day or the --traffic CSV"),
    days: z.number().int().describe("the profile's period, which repeats"),
    requestsPerDay: z.number(),
    peakPerSec: z.number(),
    maxInstances: z.number().int(),
    idleMinutes: z.number().int(),
    maxColdStartExposure: z.number(),
    sizes: z.array(DayPlanSize),
    recommended: z
      .object({
        size: z.string(),
        billing: BillingMode,
        minInstances: z
          .number()
          .int()
          .describe("the smallest that keeps exposure within maxColdStartExposure"),
        monthlyCostUsd: z.number(),
        coldStartExposedShare: z.number(),
        withoutMinInstances: z
          .object({
            monthlyCostUsd: z.number(),
            coldStartExposedShare: z.number(),
            coldStartsPerDay: z.number(),
          })
          .strict()
          .describe("the same size and billing at min-instances 0"),
        extraMonthlyCostUsd: z.number().describe("what the min-instances add to the month"),
      })
      .strict()
      .nullable(),
    timeline: z
      .object({
        size: z.string(),
        minInstances: z.number().int(),
        stepMinutes: z.number().int(),
        demandPerSec: z.array(z.number()).describe("mean over each step"),
        readyCapacityPerSec: z
          .array(z.number())
          .describe("lowest over each step: ready instances × planning ceiling"),
        instances: z
          .array(z.number())
          .describe("highest over each step: running instances, idle and starting included"),
      })
      .strict()
      .nullable(),
    findings: z.array(z.string()),
    assumptions: z.array(z.string()),
  })
  .strict();
export type DayPlan = z.infer<typeof DayPlan>;

const monthly = (periodUsd: number, days: number) => (periodUsd / days) * DAYS_PER_MONTH;

function priced(sim: DaySimulation, size: DaySize, settings: CloudRunSettings, days: number) {
  const allowed = allowedBillings(size.cpus, settings.billing);
  const cost = (billing: BillingMode) =>
    allowed.includes(billing)
      ? monthly(periodCostUsd(sim, size, billing, resolveUnitPrices(settings, billing)), days)
      : null;
  return { instance: cost("instance"), request: cost("request") };
}

/** The sizes that serve the whole service's mix: each scenario's weakest usable cell there, mixed by cloudRun.traffic. */
export function daySizes(sections: ScenarioSizing[], settings: CloudRunSettings): DaySize[] {
  const { shares } = trafficShares([...new Set(sections.map((s) => s.scenario))], settings.traffic);
  const sizes: DaySize[] = [];
  for (const at of cellsBySize(sections, settings).values()) {
    const parts = [...shares].map(([scenario, share]) => ({ cell: at.get(scenario), share }));
    const first = parts[0]?.cell;
    if (!first || parts.some((p) => p.cell === undefined)) continue;
    const ceiling = mixedCapacity(
      parts.map((p) => ({ share: p.share, ceilingPerSec: p.cell?.planningCeilingPerSec ?? 0 })),
    );
    if (ceiling === null) continue;
    const p50Ms = parts.every((p) => p.cell?.p50AtCeilingMs != null)
      ? parts.reduce((sum, p) => sum + p.share * (p.cell?.p50AtCeilingMs ?? 0), 0)
      : null;
    const startups = parts.flatMap((p) => (p.cell?.startupMs ? [p.cell.startupMs.median] : []));
    sizes.push({
      cpus: first.cpus,
      memoryBytes: first.memoryBytes,
      smol: first.smol,
      concurrency: cellConcurrency(first, settings),
      ceilingPerSec: ceiling,
      p50Ms,
      startupMs: startups.length === parts.length ? Math.max(...startups) : null,
    });
  }
  return sizes.sort(
    (a, b) => a.cpus - b.cpus || a.memoryBytes - b.memoryBytes || Number(a.smol) - Number(b.smol),
  );
}

/** Evenly spaced steps of the counted period, at most MAX_TIMELINE_POINTS of them. */
function timeline(perMinute: readonly number[], sim: DaySimulation) {
  const step = Math.ceil(perMinute.length / MAX_TIMELINE_POINTS);
  const demand: number[] = [];
  const ready: number[] = [];
  const instances: number[] = [];
  for (let i = 0; i < perMinute.length; i += step) {
    const slice = (xs: readonly number[]) => xs.slice(i, i + step);
    const rates = slice(perMinute);
    demand.push(Math.round(rates.reduce((a, b) => a + b, 0) / rates.length));
    ready.push(Math.round(Math.min(...slice(sim.series.readyCapacityPerSec))));
    instances.push(Math.max(...slice(sim.series.instances)));
  }
  return { stepMinutes: step, demandPerSec: demand, readyCapacityPerSec: ready, instances };
}

/** The day plan of a finished sizing for a traffic profile; null sizes when no size serves the whole mix. */
export function planDay(
  sections: ScenarioSizing[],
  settings: CloudRunSettings,
  profile: TrafficProfile,
): DayPlan {
  const maxInstances = settings.maxInstances ?? CLOUD_RUN_LIMITS.defaultMaxInstances;
  const scaling = (minInstances: number): ScalingSettings => ({
    utilizationTarget: settings.utilizationTarget,
    minInstances,
    maxInstances,
    idleMinutes: settings.idleMinutes,
  });
  const days = profile.days;
  const requests = profile.perMinute.reduce((sum, r) => sum + r * SECONDS_PER_MINUTE, 0);
  const findings: string[] = [];
  const variants = sections.some((s) => s.variant !== undefined);
  const sizes = variants ? [] : daySizes(sections, settings);
  if (variants) findings.push("With variants each build is a service of its own: no day plan for the mix.");
  const rows = sizes.map((size) => {
    const sim = simulateDay(profile.perMinute, size, scaling(settings.minInstances));
    const row: DayPlanSize = {
      size: sizeLabel(size),
      cpus: size.cpus,
      memoryBytes: size.memoryBytes,
      smol: size.smol,
      concurrency: size.concurrency,
      planningCeilingPerSec: size.ceilingPerSec,
      startupMs: size.startupMs,
      instanceHoursPerDay: sim.instanceMinutes / 60 / days,
      peakInstances: sim.peakInstances,
      coldStartsPerDay: sim.coldStarts / days,
      coldStartExposedShare: sim.requests > 0 ? sim.exposedRequests / sim.requests : 0,
      exposedRequestsPerDay: sim.exposedRequests / days,
      exposedMinutesPerDay: sim.exposedMinutes / days,
      overloadMinutes: sim.overloadMinutes / days,
      shedShare: sim.requests > 0 ? sim.shedRequests / sim.requests : 0,
      monthlyCostUsd: priced(sim, size, settings, days),
    };
    if (size.startupMs === null)
      findings.push(
        `${row.size}: start-up time not measured, so new instances are taken as ready at once (exposure understated).`,
      );
    return { size, row };
  });
  const choices = rows
    .filter(({ row }) => row.overloadMinutes === 0)
    .flatMap(({ size, row }) =>
      (["request", "instance"] as const).flatMap((billing) => {
        const cost = row.monthlyCostUsd[billing];
        return cost === null ? [] : [{ size, row, billing, cost }];
      }),
    )
    .sort((a, b) => a.cost - b.cost || a.size.cpus - b.size.cpus);
  const best = choices[0];
  if (rows.length > 0 && !best)
    findings.push(`Every size overloads: demand needs more than maxInstances ${maxInstances} at the peak.`);
  if (rows.length === 0 && !variants)
    findings.push(
      "No size has an eligible cell for every scenario in the mix (see the whole service's findings), so there is no size to plan the day on.",
    );
  let recommended: DayPlan["recommended"] = null;
  let chart: DayPlan["timeline"] = null;
  if (best) {
    const prices = resolveUnitPrices(settings, best.billing);
    const at = (m: number) => {
      const sim = simulateDay(profile.perMinute, best.size, scaling(m));
      return {
        sim,
        cost: monthly(periodCostUsd(sim, best.size, best.billing, prices), days),
        share: sim.requests > 0 ? sim.exposedRequests / sim.requests : 0,
      };
    };
    const zero = at(0);
    let floor = zero;
    let m = 0;
    // At the peak's instance count nothing ever starts, so no floor above it lowers exposure.
    const limit = Math.min(maxInstances, zero.sim.peakInstances);
    while (floor.share > settings.maxColdStartExposure && m < limit) floor = at(++m);
    if (floor.share > settings.maxColdStartExposure)
      findings.push(
        `No min-instances keeps cold-start exposure within ${settings.maxColdStartExposure}: ${best.row.size} at ${m} still exposes ${(floor.share * 100).toFixed(3)}% of requests.`,
      );
    recommended = {
      size: best.row.size,
      billing: best.billing,
      minInstances: m,
      monthlyCostUsd: floor.cost,
      coldStartExposedShare: floor.share,
      withoutMinInstances: {
        monthlyCostUsd: zero.cost,
        coldStartExposedShare: zero.share,
        coldStartsPerDay: zero.sim.coldStarts / days,
      },
      extraMonthlyCostUsd: floor.cost - zero.cost,
    };
    chart = { size: best.row.size, minInstances: m, ...timeline(profile.perMinute, floor.sim) };
  }
  return {
    source: profile.source,
    days,
    requestsPerDay: requests / days,
    peakPerSec: Math.max(...profile.perMinute),
    maxInstances,
    idleMinutes: settings.idleMinutes,
    maxColdStartExposure: settings.maxColdStartExposure,
    sizes: rows.map((r) => r.row),
    recommended,
    timeline: chart,
    findings,
    assumptions: dayPlanAssumptions(settings, maxInstances),
  };
}

/** What the model assumes, in the words the reports print. */
function dayPlanAssumptions(settings: CloudRunSettings, maxInstances: number): string[] {
  return [
    `instances needed each minute = ceil(rate ÷ (planning ceiling × ${settings.utilizationTarget})), within min-instances and max-instances ${maxInstances}${settings.maxInstances === undefined ? " (cloudRun.maxInstances unset: Cloud Run's long-standing default; set yours)" : ""}`,
    `an instance no longer needed idles ${settings.idleMinutes} min before it stops (our model; Cloud Run does not promise a figure)`,
    "a new instance serves only after the size's measured start-up; requests arriving while demand exceeds the ready instances × planning ceiling are cold-start exposed",
    "demand above max-instances × planning ceiling is shed; one rate per minute, linear between the profile's points; the profile repeats",
    `a month is ${DAYS_PER_MONTH} days; instance-based bills every running instance-minute, idle and starting included; request-based bills busy time (as at the target), start-ups, the per-request fee and idle min-instances at the idle rate`,
    ...(settings.regionTier === 2 && !settings.prices?.tier2?.request?.idleVcpuSecondUsd
      ? [DERIVED_PRICE_NOTES["tier2.request.idle"] ?? ""]
      : []),
  ];
}
